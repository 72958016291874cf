import type { BoardColumn, ColumnStack } from "@/lib/benchmarks/board";

type SortState = { sort: string; dir: string };

/** A column's sort link: a plain link (the URL holds the sort), the sorted one marked ▲/▼. */
function SortLink({
  label,
  sort,
  state,
  href,
  stacked = false,
}: {
  label: string;
  sort: string;
  state: SortState;
  href: string;
  /** One of a group's links, one under another. */
  stacked?: boolean;
}) {
  const active = state.sort === sort;
  return (
    <a
      href={href}
      className={`hover:text-slate-900 ${active ? "text-indigo-700" : ""} ${stacked ? "inline-block min-h-6 min-w-6 leading-6" : ""}`}
      data-testid={`sort-${sort}`}
    >
      {label}
      {active ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
    </a>
  );
}

const ariaSort = (state: SortState, sorts: readonly string[]) =>
  sorts.includes(state.sort) ? (state.dir === "asc" ? "ascending" : "descending") : "none";

/** A sortable column header, marked with aria-sort. */
export function SortHeader({
  label,
  title,
  sort,
  state,
  href,
  className,
}: {
  label: string;
  title?: string;
  sort: string;
  state: SortState;
  href: string;
  className: string;
}) {
  return (
    <th title={title} className={className} aria-sort={ariaSort(state, [sort])}>
      <SortLink label={label} sort={sort} state={state} href={href} />
    </th>
  );
}

/**
 * The header of a table column: one board column's sort header, or a group's label over
 * its columns' sort links, one a line as their figures stack in the cells.
 */
export function StackHeader({
  stack,
  state,
  sortHref,
  className,
}: {
  stack: ColumnStack<BoardColumn>;
  state: SortState;
  sortHref: (sort: string) => string;
  className: string;
}) {
  const [only, ...more] = stack.columns;
  if (more.length === 0)
    return (
      <SortHeader
        label={only.label}
        title={only.title}
        sort={only.key}
        state={state}
        href={sortHref(only.key)}
        className={className}
      />
    );
  return (
    <th
      title={stack.columns.map((c) => `${c.label}: ${c.title}`).join("\n")}
      className={className}
      aria-sort={ariaSort(
        state,
        stack.columns.map((c) => c.key),
      )}
    >
      <span className="block">{stack.label}</span>
      {stack.columns.map((c) => (
        // Each link a 24 px target (WCAG 2.2 target size): stacked, they would otherwise touch.
        <span key={c.key} className="block whitespace-nowrap font-normal normal-case">
          <SortLink
            label={c.group?.short ?? c.label}
            sort={c.key}
            state={state}
            href={sortHref(c.key)}
            stacked
          />
        </span>
      ))}
    </th>
  );
}
