import { VerdictBadge } from "@/components/ui/Badge";
import { describeChanges, verdictChange } from "@/lib/reeval/describe";

/** Old and new verdict, then every other field the change touches. */
export function ChangeList({
  before,
  after,
}: {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}) {
  const verdict = verdictChange(before, after);
  const changes = describeChanges(before, after);
  return (
    <div className="space-y-1 text-xs">
      {verdict ? (
        <p
          className="flex items-center gap-1"
          data-testid="verdict-change"
          data-before={verdict.before ? "1" : "0"}
          data-after={verdict.after ? "1" : "0"}
        >
          verdict <VerdictBadge correct={verdict.before} /> →{" "}
          <VerdictBadge correct={verdict.after} />
        </p>
      ) : null}
      {changes.length ? (
        <ul className="space-y-0.5 font-mono text-[11px] text-slate-700">
          {changes.map((c) => (
            <li key={c.field}>
              {c.field}: <span className="text-rose-700 line-through">{c.before}</span> →{" "}
              <span className="text-emerald-700">{c.after}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {"detail" in after ? (
        <p className="text-slate-500">the cell-by-cell table diff is recomputed</p>
      ) : null}
    </div>
  );
}
