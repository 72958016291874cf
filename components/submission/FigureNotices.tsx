import type { ReactNode } from "react";
import { AdjudicatedBadge } from "@/components/reeval/AdjudicatedBadge";

/**
 * What a submission's figures rest on besides the imported verdicts: samples no judge gave a
 * verdict (counted as not correct) and verdicts a re-evaluation changed after the import.
 */
export function FigureNotices({
  unjudged,
  changed,
  adjudicated,
  judgeForm,
}: {
  /** Unjudged samples its overall report counts; undefined where the benchmark scores every sample. */
  unjudged: number | undefined;
  changed: number;
  adjudicated: number;
  /** The maintainer's offer to judge them; null for visitors. */
  judgeForm: ReactNode;
}) {
  if (!unjudged && changed === 0 && adjudicated === 0) return null;
  return (
    <div className="mt-3 space-y-2 text-sm">
      {unjudged ? (
        <div
          className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900"
          data-testid="unjudged-note"
          data-count={unjudged}
        >
          <p>
            <strong>
              {unjudged} sample{unjudged === 1 ? "" : "s"} without a judge verdict
            </strong>
            : no judge has scored {unjudged === 1 ? "it" : "them"}, so{" "}
            {unjudged === 1 ? "it counts" : "they count"} as not correct and the figures are lower
            bounds, not measurements.
          </p>
          {judgeForm}
        </div>
      ) : null}
      {changed > 0 || adjudicated > 0 ? (
        <p
          className="rounded border border-slate-200 bg-white p-3 text-slate-700"
          data-testid="changed-note"
          data-changed={changed}
        >
          {changed > 0 ? (
            <>
              {changed} sample verdict{changed === 1 ? " was" : "s were"} changed after the import
              by re-evaluation: the figures include {changed === 1 ? "it" : "them"}, and each
              sample&apos;s verdict history keeps the imported one.
            </>
          ) : (
            <>A maintainer set verdicts that agree with the imported ones.</>
          )}
          <AdjudicatedBadge count={adjudicated} />
        </p>
      ) : null}
    </div>
  );
}
