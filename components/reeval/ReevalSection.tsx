import type { AuditEntryView, ReevalJobView } from "@/db/queries/audit";
import type { Trajectory } from "@/db/queries/trajectory";
import { jobJudgeOptions, rejudgeOptions } from "@/lib/reeval/judge-options";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import { GoldFixForm } from "./GoldFixForm";
import { SampleReevalControls } from "./SampleReevalControls";
import { VerdictHistory } from "./VerdictHistory";

/** Re-scoring an answer against its gold answer: what every benchmark without a scorer of its own does. */
const ANSWER_RESCORE_NOTE =
  "Judges the answer against the gold deterministically: normalised exact match, else a 1 % numeric tolerance.";

/** What the re-evaluation section shows, loaded by the sample page. */
interface ReevalData {
  history: AuditEntryView[];
  /** Why no LLM judge can run (unconfigured), or null. */
  llmUnavailable: string | null;
  /** For a maintainer: the task's latest gold-correction job and how many samples a correction touches. */
  job: ReevalJobView | null;
  counts: { samples: number; submissions: number } | null;
}

/**
 * The sample's verdict history (public), and for a maintainer the re-evaluation controls:
 * re-judge, re-score, adjudicate, and the task's gold correction with its job's progress.
 */
export function ReevalSection({
  trajectory,
  admin,
  data,
}: {
  trajectory: Trajectory;
  admin: boolean;
  data: ReevalData;
}) {
  const { sample, task, submission } = trajectory;
  const { history, llmUnavailable, job, counts } = data;
  if (!admin && history.length === 0) return null;
  const benchmark = submission.benchmarkId;
  const { rescore, goldTable } = BENCHMARKS[benchmark].reeval;
  const table = goldTable ? goldTable(task.extra) : null;
  const canFixGold = goldTable === null || table !== null;
  return (
    <section
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="reeval-section"
      aria-label="Re-evaluation"
    >
      <h2 className="font-semibold">Re-evaluation</h2>
      {admin ? (
        <>
          <SampleReevalControls
            sampleId={sample.id}
            judges={rejudgeOptions(benchmark, {
              hasStoredGraderOutput: Boolean(sample.judgeRationale),
              hasGold: Boolean(task.goldAnswer?.trim()),
              llmUnavailable,
              resultsOnly: sample.detail === null,
            })}
            rescoreNote={rescore === "answer" ? ANSWER_RESCORE_NOTE : rescore.note}
          />
          {llmUnavailable ? (
            <p className="text-xs text-slate-500" data-testid="llm-unavailable">
              LLM judge unavailable: {llmUnavailable}.
            </p>
          ) : null}
          <div className="border-t border-slate-100 pt-3">
            <h3 className="text-sm font-semibold">
              {table ? "Correct a gold cell" : "Correct the gold answer"}
            </h3>
            {canFixGold && counts ? (
              <GoldFixForm
                taskId={task.id}
                gold={task.goldAnswer}
                table={table}
                judges={jobJudgeOptions(benchmark, llmUnavailable)}
                samples={counts.samples}
                submissions={counts.submissions}
                latestJob={job}
              />
            ) : (
              <p className="text-xs text-slate-500">
                This task has no gold table stored (its submissions came as evaluation CSVs only).
              </p>
            )}
          </div>
        </>
      ) : null}
      <div className="border-t border-slate-100 pt-3">
        <h3 className="mb-1 text-sm font-semibold">Verdict history</h3>
        <VerdictHistory entries={history} canUndo={admin} />
      </div>
    </section>
  );
}
