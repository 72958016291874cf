import Link from "next/link";
import type { ListPosition } from "@/db/queries/samples";
import { sampleHref, sampleListHref, type SampleFilters } from "@/lib/url/samples";

/** The filtered, sorted sample list a sample page was opened from, and the sample's place in it (null: not in it). */
export interface SampleListContext {
  filters: SampleFilters;
  position: ListPosition | null;
}

/** The previous and next samples of the list, each opened with the same list. */
export function listNeighbourHrefs(
  submissionId: number,
  list: SampleListContext,
): { previous: string | null; next: string | null } {
  const href = (ref: { taskKey: string; run: number } | null) =>
    ref ? sampleHref(submissionId, ref.taskKey, ref.run, list.filters) : null;
  return {
    previous: href(list.position?.previous ?? null),
    next: href(list.position?.next ?? null),
  };
}

/** "3 of 17" in the list the sample was opened from, its previous and next (keys p and n where the view binds them), and the way back to the list. */
export function SampleListNav({
  submissionId,
  list,
  keys,
}: {
  submissionId: number;
  list: SampleListContext;
  keys: boolean;
}) {
  const { previous, next } = listNeighbourHrefs(submissionId, list);
  const { position, filters } = list;
  const back = sampleListHref(submissionId, filters, position?.index ?? null);
  return (
    <nav
      className="flex flex-wrap items-center gap-3 text-sm"
      aria-label="Sample list"
      data-testid="list-context"
      data-index={position?.index ?? ""}
      data-total={position?.total ?? ""}
    >
      {position ? (
        <>
          {previous ? (
            <Link
              href={previous}
              className="text-indigo-700 hover:underline"
              rel="prev"
              data-testid="list-previous"
            >
              ← previous{keys ? " (p)" : ""}
            </Link>
          ) : (
            <span className="text-slate-500">first in the list</span>
          )}
          <span className="tabular-nums font-medium" data-testid="list-position">
            {position.index} of {position.total}
          </span>
          {next ? (
            <Link
              href={next}
              className="text-indigo-700 hover:underline"
              rel="next"
              data-testid="list-next"
            >
              next{keys ? " (n)" : ""} →
            </Link>
          ) : (
            <span className="text-slate-500">last in the list</span>
          )}
        </>
      ) : (
        <span className="text-slate-600" data-testid="list-position">
          not in the list it was opened from
        </span>
      )}
      <Link
        href={back}
        className="text-indigo-700 hover:underline"
        data-testid="list-back"
        title={filters.f ? `filter: ${filters.f}` : undefined}
      >
        back to the list
        {filters.f ? (
          <>
            {" "}
            <code className="font-mono text-xs">{filters.f}</code>
          </>
        ) : null}
      </Link>
    </nav>
  );
}
