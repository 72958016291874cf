import NotFound from "@/app/not-found";
import { UnknownBoardParamNotice } from "@/app/b/[benchmark]/_views/UnknownBoardParamNotice";
import { cachedBoardView } from "./view";

type Props = { children: React.ReactNode; params: Promise<{ benchmark: string; state: string }> };

/**
 * Says why the cached leaderboard is a 404. The page's notFound() carries no reason and
 * its not-found UI gets no props, nor, in a cached render, the request; this layout gets
 * the same segments as the page, so it shows the reason above the page's (empty)
 * not-found UI. A layout is kept across client navigations that only change the query,
 * but visitors reach this route by full page loads only (proxy.ts).
 */
export default async function CachedLeaderboardLayout({ children, params }: Props) {
  const { benchmark, state } = await params;
  const view = await cachedBoardView(benchmark, state);
  return (
    <>
      {view === null ? (
        <NotFound />
      ) : view.unknown ? (
        <UnknownBoardParamNotice
          id={view.id}
          page="leaderboard"
          search={view.searchParams}
          unknown={view.unknown}
        />
      ) : null}
      {children}
    </>
  );
}
