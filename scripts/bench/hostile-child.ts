/**
 * One hostile upload run as the worker runs it, alone in a fresh process:
 *   node --conditions=react-server --import tsx --max-old-space-size=<MiB> scripts/bench/hostile-child.ts <file> <name> <db> [benchmark]
 * The file is spooled and queued as POST /api/submissions does (with the upload limits'
 * defaults), claimed and run by `runUploadJob`. Prints one JSON line: the RSS when idle
 * (modules loaded, database open: the process's peak so far), the peak after the job, and
 * how the job ended.
 */
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { closeDb, openDb } from "../../db/client";
import { runUploadJob } from "../../db/jobs/run-upload";
import {
  claimUploadJob,
  enqueueUpload,
  getUploadJob,
  SPOOLED_FILE,
} from "../../db/jobs/upload-jobs";
import { issueUploadToken } from "../../db/upload-tokens";
import { SUBMIT_DEFAULTS } from "../../lib/submit/config";

const maxRssMiB = () => process.resourceUsage().maxRSS / 1024;

async function main() {
  const [file, name, dbPath, benchmark = "qa"] = process.argv.slice(2);
  if (!file || !name || !dbPath)
    throw new Error("usage: hostile-child <file> <name> <db> [benchmark]");
  const db = await openDb(resolve(dbPath));
  const team = await issueUploadToken(db, "Hostile");
  const spoolDir = mkdtempSync(join(tmpdir(), "seekboard-hostile-spool-"));
  copyFileSync(file, join(spoolDir, SPOOLED_FILE));
  const { maxUnpackedBytes, maxFiles, maxUnpackMs, maxImportMs, maxLineBytes } = SUBMIT_DEFAULTS;
  const id = await enqueueUpload(db, {
    uploaderTokenId: team.id,
    spoolDir,
    fileName: name,
    fields: name.endsWith(".zip") ? {} : { benchmark },
    limits: { maxUnpackedBytes, maxFiles, maxUnpackMs, maxImportMs, maxLineBytes },
  });
  const job = await claimUploadJob(db, "hostile/1");
  if (!job || job.id !== id) throw new Error("the job was not claimed");
  const idleMiB = maxRssMiB();
  const started = performance.now();
  await runUploadJob(db, job);
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = maxRssMiB();
  const ended = await getUploadJob(db, id);
  await closeDb(db);
  process.stdout.write(
    `${JSON.stringify({
      idleMiB,
      peakMiB,
      seconds,
      state: ended?.state,
      outcome: ended?.errors?.[0]?.message ?? `${ended?.result?.samples} sample(s) imported`,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
