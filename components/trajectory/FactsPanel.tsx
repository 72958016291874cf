import { FactsDrawer } from "./FactsDrawer";
import type { FactCoverage } from "@/lib/trajectory/view";

/** Never-covered facts first (the diagnosis), then the covered ones in the order their calls covered them. */
function diagnosticOrder(facts: readonly FactCoverage[]): FactCoverage[] {
  return [...facts].sort((a, b) => {
    if (a.firstCoveredAt === null || b.firstCoveredAt === null)
      return a.firstCoveredAt === null ? (b.firstCoveredAt === null ? 0 : -1) : 1;
    return a.firstCoveredAt - b.firstCoveredAt;
  });
}

function FactList({
  facts,
  callHref,
}: {
  facts: FactCoverage[];
  callHref: (call: number) => string;
}) {
  if (facts.length === 0)
    return (
      <p className="mt-2 text-sm text-slate-600">
        This task has no atomic facts; FCR is undefined.
      </p>
    );
  return (
    <ol className="mt-2 space-y-2 text-sm">
      {diagnosticOrder(facts).map((fact) => (
        <li
          key={fact.key}
          className={fact.firstCoveredAt === null ? "fact fact-missing" : "fact fact-covered"}
          data-testid="fact"
          data-covered={fact.firstCoveredAt === null ? "false" : "true"}
        >
          <div className="fact-key">{fact.key}</div>
          {fact.value ? <div className="fact-value">{fact.value}</div> : null}
          <div className="mt-1 text-xs">
            {fact.firstCoveredAt === null && fact.queriedAt.length > 0 ? (
              <span className="font-medium text-rose-800" data-testid="fact-queried">
                queried at {fact.queriedAt.length === 1 ? "call" : "calls"}{" "}
                {fact.queriedAt.map((call, i) => (
                  <span key={call}>
                    {i > 0 ? ", " : null}
                    <a href={callHref(call)} className="fact-link">
                      {call}
                    </a>
                  </span>
                ))}
                , never returned
              </span>
            ) : fact.firstCoveredAt === null ? (
              <span
                className="font-medium text-rose-800"
                data-testid="fact-unqueried"
                title="No call's query names at least half of this fact's words"
              >
                never queried
              </span>
            ) : (
              <a href={callHref(fact.firstCoveredAt)} className="fact-link">
                first covered at call {fact.firstCoveredAt}
              </a>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * The task's atomic facts and the call at which each was first covered, never-covered ones
 * first. Beside the trajectory on wide screens, scrolling on its own within the window; on
 * narrow screens a drawer at the top of the page, closed (the trajectory is long).
 */
export function FactsPanel({
  facts,
  callHref,
}: {
  facts: FactCoverage[];
  /** Where call k's step is (another page of a long trajectory). */ callHref: (
    call: number,
  ) => string;
}) {
  const covered = facts.filter((f) => f.firstCoveredAt !== null).length;
  const never = facts.length - covered;
  const heading = (
    <>
      Atomic facts{" "}
      <span className="font-normal text-slate-600">
        ({covered}/{facts.length} covered)
        {never > 0 ? <span className="text-rose-800"> · {never} missing</span> : null}
      </span>
    </>
  );
  return (
    <div data-testid="facts-panel" data-covered={covered} data-total={facts.length}>
      <FactsDrawer summary={heading}>
        <FactList facts={facts} callHref={callHref} />
      </FactsDrawer>
    </div>
  );
}
