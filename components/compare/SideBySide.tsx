import { outcomeOf, type StepContext } from "@/components/trajectory/outcome";
import { bodyLabel, StepBody, StepCard } from "@/components/trajectory/StepViews";
import { stepHead } from "@/lib/trajectory/reading";
import type { steps as stepsTable } from "@/db/schema";
import type { AlignedRow, Divergence } from "@/lib/compare/align";
import { assertNever } from "@/lib/assert-never";

type StepRow = typeof stepsTable.$inferSelect;

function Column({
  rows,
  context,
  side,
}: {
  rows: StepRow[];
  context: StepContext | null;
  side: "a" | "b";
}) {
  if (context === null) return <div className="min-w-0" />;
  if (rows.length === 0)
    return (
      <p className="min-w-0 rounded-lg border border-dashed border-slate-300 p-3 text-xs text-slate-600">
        no step here
      </p>
    );
  return (
    <ol className="min-w-0 space-y-2" data-side={side}>
      {rows.map((row) => (
        <li key={row.id} data-kind={row.kind}>
          <AlignedStep row={row} context={context} />
        </li>
      ))}
    </ol>
  );
}

/** One step of a column, its body sent folded (two short trajectories, not a long one); a call that hit a fact is ringed. */
function AlignedStep({ row, context }: { row: StepRow; context: StepContext }) {
  const head = stepHead(row.data, row.ordinal);
  const outcome = outcomeOf(head, context);
  const body =
    head.bodyChars > 0 ? (
      <details className="step-body">
        <summary className="step-toggle cursor-pointer">Show {bodyLabel(head)}</summary>
        <StepBody step={row.data} />
      </details>
    ) : null;
  const card = <StepCard head={head} outcome={outcome} body={body} />;
  if (head.kind !== "tool_call") return card;
  return (
    <div
      className={
        outcome.kind === "hit" ? "rounded-lg bg-emerald-50 ring-2 ring-emerald-400" : undefined
      }
      data-testid="aligned-call"
      data-hit={outcome.kind === "hit" ? "1" : "0"}
    >
      {card}
    </div>
  );
}

/** The two trajectories in two columns, one row per tool-call index; the first divergence marked. */
export function SideBySide({
  rows,
  a,
  b,
  divergence,
}: {
  rows: AlignedRow<StepRow>[];
  a: StepContext | null;
  b: StepContext | null;
  divergence: Divergence | null;
}) {
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
        Neither sample has recorded messages.
      </p>
    );
  return (
    <div className="space-y-3" data-testid="aligned-steps">
      {rows.map((row) => {
        const diverges = divergence !== null && row.callIndex === divergence.callIndex;
        return (
          <section
            key={row.callIndex}
            id={`call-${row.callIndex}`}
            className={`rounded-lg p-2 ${diverges ? "border-2 border-rose-400 bg-rose-50/40" : "border border-slate-200 bg-white/60"}`}
            data-testid="aligned-row"
            data-call={row.callIndex}
            data-diverges={diverges ? "1" : undefined}
          >
            <h3 className="mb-2 flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {row.callIndex === 0 ? "Before the first tool call" : `Tool call ${row.callIndex}`}
              {diverges ? (
                <span
                  className="rounded bg-rose-600 px-2 py-0.5 normal-case tracking-normal text-white"
                  data-testid="divergence-mark"
                >
                  first divergence: {divergenceText(divergence)}
                </span>
              ) : null}
            </h3>
            <div className="grid gap-3 md:grid-cols-2">
              <Column rows={row.a} context={a} side="a" />
              <Column rows={row.b} context={b} side="b" />
            </div>
          </section>
        );
      })}
    </div>
  );
}

export function divergenceText(d: Divergence): string {
  switch (d.reason) {
    case "name":
      return "a different tool";
    case "arguments":
      return "different arguments";
    case "only-a":
      return "only A makes this call (B stopped)";
    case "only-b":
      return "only B makes this call (A stopped)";
    default:
      return assertNever(d.reason);
  }
}
