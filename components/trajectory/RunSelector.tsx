import Link from "next/link";

/** Links to each run of one task, the shown one marked; nothing when the task has one run. */
export function RunSelector({
  runs,
  current,
  hrefOf,
}: {
  runs: readonly number[];
  current: number;
  hrefOf: (run: number) => string;
}) {
  if (runs.length <= 1) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="run-selector">
      <span className="text-xs uppercase tracking-wide text-slate-500">Run</span>
      {runs.map((r) => (
        <Link
          key={r}
          href={hrefOf(r)}
          aria-current={r === current ? "page" : undefined}
          className={`rounded px-2 py-0.5 ${r === current ? "bg-indigo-600 text-white" : "bg-white ring-1 ring-slate-300"}`}
        >
          {r}
        </Link>
      ))}
    </div>
  );
}
