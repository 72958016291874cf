/** A sortable column header: a plain link (the URL holds the sort), marked with aria-sort. */
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
  state: { sort: string; dir: string };
  href: string;
  className: string;
}) {
  const active = state.sort === sort;
  return (
    <th
      title={title}
      className={className}
      aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : "none"}
    >
      <a
        href={href}
        className={`hover:text-slate-900 ${active ? "text-indigo-700" : ""}`}
        data-testid={`sort-${sort}`}
      >
        {label}
        {active ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
      </a>
    </th>
  );
}
