/**
 * Reads a stored submission as a Seekboard-format bundle (lib/export/bundle.ts): its
 * manifest, then its results lines one page of samples at a time, so a large submission
 * is never held whole (`cli export`, `GET /api/s/{id}/bundle`).
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { samples, steps, submissions, submissionTasks } from "./schema";
import { benchmarkModule } from "../lib/benchmarks/registry";
import { exportLine, exportManifest, type SeekboardExport } from "../lib/export/bundle";
import { parseStoredStep, type Step } from "../lib/trajectory/steps";

/** Samples read per query: their steps are read with them, so a page bounds what is held. */
const PAGE_SIZE = 100;

export type SubmissionExport =
  | { ok: true; submissionId: number; format: SeekboardExport; manifest: Record<string, unknown> }
  | { ok: false; submissionId: number; reason: string };

/** The submission's export, or why its benchmark's bundles cannot be written back. */
export function submissionExport(submission: typeof submissions.$inferSelect): SubmissionExport {
  const benchmark = benchmarkModule(submission.benchmarkId);
  const format = benchmark.bundleExport;
  if ("unavailable" in format)
    return {
      ok: false,
      submissionId: submission.id,
      reason: `submission ${submission.id} cannot be exported: ${format.unavailable}`,
    };
  const manifest = exportManifest(format, {
    benchmark: benchmark.id,
    model: submission.model,
    agent: submission.agent,
    setting: submission.setting,
    benchmarkVersion: submission.benchmarkVersion,
    judgeModel: submission.judgeModel,
  });
  return { ok: true, submissionId: submission.id, format, manifest };
}

/** One results line of the export (newline included) and whether its messages read back to the stored steps. */
export interface ExportedLine {
  text: string;
  exact: boolean;
}

/** The submission's results lines, in import order, read a page at a time as they are consumed. */
export async function* exportLines(
  db: Db,
  plan: Extract<SubmissionExport, { ok: true }>,
): AsyncGenerator<ExportedLine> {
  let after = 0;
  for (;;) {
    const page = await db
      .select({
        id: samples.id,
        taskKey: samples.taskKey,
        run: samples.run,
        question: submissionTasks.question,
        goldAnswer: submissionTasks.goldAnswer,
        prediction: samples.prediction,
        status: samples.status,
        metrics: samples.metrics,
        detail: samples.detail,
        promptTokens: samples.promptTokens,
        completionTokens: samples.completionTokens,
        costUsd: samples.costUsd,
        seconds: samples.seconds,
      })
      .from(samples)
      // The submission's own question and gold answer: an export gives back what was imported.
      .leftJoin(
        submissionTasks,
        and(
          eq(submissionTasks.submissionId, samples.submissionId),
          eq(submissionTasks.taskId, samples.taskId),
        ),
      )
      .where(and(eq(samples.submissionId, plan.submissionId), gt(samples.id, after)))
      .orderBy(asc(samples.id))
      .limit(PAGE_SIZE);
    if (page.length === 0) return;
    const stepsBySample = new Map<number, Step[]>(page.map((s) => [s.id, []]));
    const stepRows = await db
      .select({ sampleId: steps.sampleId, data: steps.data })
      .from(steps)
      .where(
        inArray(
          steps.sampleId,
          page.map((s) => s.id),
        ),
      )
      .orderBy(asc(steps.sampleId), asc(steps.ordinal));
    for (const row of stepRows) stepsBySample.get(row.sampleId)?.push(parseStoredStep(row.data));
    for (const s of page) {
      const { line, exact } = exportLine(plan.format, {
        ...s,
        usage: {
          promptTokens: s.promptTokens,
          completionTokens: s.completionTokens,
          costUsd: s.costUsd,
          seconds: s.seconds,
        },
        steps: stepsBySample.get(s.id) ?? [],
      });
      yield { text: `${JSON.stringify(line)}\n`, exact };
    }
    after = page[page.length - 1].id;
  }
}
