/**
 * `export <submissionId> [--out DIR]`: the submission as a Seekboard-format bundle folder
 * (manifest.json + samples.jsonl) that `ingest` reads back to the same figures.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import type { Db } from "../db/client";
import { exportLines, submissionExport } from "../db/export";
import { getSubmission } from "../db/queries/submissions";
import { EXPORT_RESULTS_FILE } from "../lib/export/bundle";

/** A refusal about what was asked (a folder in use, a benchmark whose bundles cannot be written): exit 2, as an invalid bundle. */
export class ExportRefused extends Error {}

export interface ExportResult {
  submissionId: number;
  out: string;
  samples: number;
  files: string[];
  /** Samples whose messages do not read back to exactly the stored steps (0 for any trajectory the Seekboard importer wrote). */
  inexactTrajectories: number;
}

function isNonEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

export async function exportSubmissionTo(
  db: Db,
  submissionId: number,
  out: string,
): Promise<ExportResult> {
  const submission = await getSubmission(db, submissionId);
  if (!submission) throw new Error(`no submission ${submissionId}`);
  const plan = submissionExport(submission);
  if (!plan.ok) throw new ExportRefused(plan.reason);
  if (isNonEmptyDir(out))
    throw new ExportRefused(`${out} is not empty: export writes into a new or empty folder`);
  mkdirSync(out, { recursive: true });
  try {
    writeFileSync(join(out, "manifest.json"), `${JSON.stringify(plan.manifest, null, 2)}\n`);
    const fd = openSync(join(out, EXPORT_RESULTS_FILE), "w");
    let samples = 0;
    let inexact = 0;
    try {
      for await (const line of exportLines(db, plan)) {
        writeSync(fd, line.text);
        samples += 1;
        if (!line.exact) inexact += 1;
      }
    } finally {
      closeSync(fd);
    }
    return {
      submissionId,
      out,
      samples,
      files: ["manifest.json", EXPORT_RESULTS_FILE],
      inexactTrajectories: inexact,
    };
  } catch (error) {
    // Half a bundle would ingest as a smaller submission: leave none.
    rmSync(out, { recursive: true, force: true });
    throw error;
  }
}
