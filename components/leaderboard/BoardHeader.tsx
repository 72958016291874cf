import Link from "next/link";

export type BoardPage = "leaderboard" | "diagnostics" | "search";

/**
 * A benchmark page's title with the Leaderboard / Diagnostics / Search switch, the same on
 * every page of every benchmark. `query` carries the board's filters (version, setting) across.
 */
export function BoardHeader({
  id,
  name,
  page,
  query = "",
  children,
}: {
  id: string;
  name: string;
  page: BoardPage;
  query?: string;
  children?: React.ReactNode;
}) {
  const links: { page: BoardPage; label: string; href: string; testId: string }[] = [
    {
      page: "leaderboard",
      label: "Leaderboard",
      href: `/b/${id}${query}`,
      testId: "leaderboard-link",
    },
    {
      page: "diagnostics",
      label: "Diagnostics",
      href: `/b/${id}/analysis${query}`,
      testId: "analysis-link",
    },
    {
      page: "search",
      label: "Search",
      href: `/b/${id}/search`,
      testId: "search-link",
    },
  ];
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">
          {name} {page}
        </h1>
        <nav
          className="flex rounded-md bg-slate-100 p-0.5 text-sm"
          aria-label="Leaderboard, diagnostics or search"
          data-testid="board-switch"
        >
          {links.map((link) => (
            <Link
              key={link.page}
              href={link.href}
              aria-label={`${name} ${link.page}`}
              aria-current={link.page === page ? "page" : undefined}
              className={`rounded px-3 py-1 font-medium ${link.page === page ? "bg-white text-indigo-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
              data-testid={link.testId}
            >
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
      {children ? <div className="mt-1 max-w-3xl text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
