import { Badge } from "@/components/ui/Badge";
import type { AuditEntryView } from "@/db/queries/audit";
import { ChangeList } from "./ChangeList";
import { UndoButton } from "./UndoButton";

const ACTION_LABELS: Record<string, string> = {
  rejudge: "re-judged",
  rescore: "re-scored",
  adjudicate: "adjudicated",
  "gold-fix": "gold corrected",
  reevaluate: "re-evaluated after a gold correction",
};

/** Every change to this sample's verdict or figures, and to its task's gold, newest first. */
export function VerdictHistory({
  entries,
  canUndo,
}: {
  entries: AuditEntryView[];
  canUndo: boolean;
}) {
  if (!entries.length)
    return (
      <p className="text-xs text-slate-500" data-testid="verdict-history-empty">
        No re-evaluation yet: the verdict is the one uploaded.
      </p>
    );
  return (
    <ol className="space-y-2" data-testid="verdict-history" data-entries={entries.length}>
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={`rounded border p-2 ${entry.undoneAt ? "border-slate-200 bg-slate-50 text-slate-500" : "border-slate-200 bg-white"}`}
          data-testid="history-entry"
          data-action={entry.action}
          data-id={entry.id}
          data-undone={entry.undoneAt ? "1" : "0"}
        >
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="font-mono text-slate-500">#{entry.id}</span>
            <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong>
            {entry.judge ? <span>judge {entry.judge}</span> : null}
            <span>by {entry.actor}</span>
            <time dateTime={entry.createdAt} className="tabular-nums">
              {entry.createdAt.slice(0, 19).replace("T", " ")} UTC
            </time>
            {entry.undoneAt ? (
              <Badge tone="slate">
                undone {entry.undoneAt.slice(0, 19).replace("T", " ")} by {entry.undoneBy}
              </Badge>
            ) : canUndo ? (
              <UndoButton entryId={entry.id} />
            ) : null}
          </div>
          <div className="mt-1">
            <ChangeList before={entry.before} after={entry.after} />
          </div>
          {entry.reason ? (
            <p className="mt-1 whitespace-pre-wrap text-xs">
              {entry.action === "reevaluate" ? "judge's rationale" : "reason"}: {entry.reason}
            </p>
          ) : null}
          {entry.judgeConfig ? (
            <p className="mt-1 font-mono text-[11px] text-slate-500">
              judge configuration {JSON.stringify(entry.judgeConfig)}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
