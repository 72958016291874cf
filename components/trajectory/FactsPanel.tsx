import type { FactCoverage } from "@/lib/trajectory/view";

/** The task's atomic facts and the call at which each was first covered. */
export function FactsPanel({ facts }: { facts: FactCoverage[] }) {
  const covered = facts.filter((f) => f.firstCoveredAt !== null).length;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="facts-panel" data-covered={covered} data-total={facts.length}>
      <h2 className="text-sm font-semibold">
        Atomic facts <span className="font-normal text-slate-500">({covered}/{facts.length} covered)</span>
      </h2>
      {facts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">This task has no atomic facts; FCR is undefined.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {facts.map((fact) => (
            <li key={fact.key} className={`rounded border p-2 ${fact.firstCoveredAt === null ? "border-slate-200 bg-slate-50" : "border-emerald-200 bg-emerald-50"}`} data-testid="fact">
              <div className="font-medium break-words">{fact.key}</div>
              {fact.value ? <div className="text-slate-600 break-words">{fact.value}</div> : null}
              <div className="mt-1 text-xs">
                {fact.firstCoveredAt === null ? (
                  <span className="text-slate-500">never covered</span>
                ) : (
                  <a href={`#call-${fact.firstCoveredAt}`} className="text-emerald-800 hover:underline">
                    first covered at call {fact.firstCoveredAt}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
