import type { steps as stepsTable } from "@/db/schema";
import { stepHead } from "@/lib/trajectory/reading";
import { outcomeOf, type StepContext } from "./outcome";
import { StepRows, type StepRowItem } from "./StepRows";
import type { CallRowMark } from "./tone";

type StepRow = typeof stepsTable.$inferSelect;

/**
 * One page of a trajectory's steps as rows; a row whose step has more to show opens its
 * body from the step API, so the page carries no SERP or long text.
 */
export function StepList({
  rows,
  total,
  context,
  marks = new Map(),
  sample,
}: {
  rows: StepRow[];
  total: number;
  context: StepContext;
  /** Each call's timeline outcome, by call index. */
  marks?: ReadonlyMap<number, CallRowMark>;
  sample: { submissionId: number; taskKey: string; run: number };
}) {
  if (total === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
        This sample has no recorded messages.
      </p>
    );
  }
  const items: StepRowItem[] = rows.map((row) => {
    const head = stepHead(row.data, row.ordinal);
    const outcome = outcomeOf(head, context);
    const mark = head.kind === "tool_call" ? marks.get(head.callIndex) : undefined;
    return {
      head,
      ...(outcome.kind === "none" ? {} : { outcome }),
      ...(mark ? { mark } : {}),
    };
  });
  return (
    <ol className="space-y-2" data-testid="steps" data-count={total}>
      <StepRows items={items} sample={sample} />
    </ol>
  );
}
