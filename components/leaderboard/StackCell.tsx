import type { ReactNode } from "react";
import type { BoardColumn, ColumnStack } from "@/lib/benchmarks/board";

/**
 * A row's cell of a table column (`stackColumns`): one board column's figure, or a group's
 * figures one under another, each tagged with its short label as the header names it.
 */
export function StackCell<C extends BoardColumn>({
  stack,
  className,
  title,
  figure,
}: {
  stack: ColumnStack<C>;
  className: string;
  /** A figure's hover text (its interval). */
  title: (column: C) => string | undefined;
  figure: (column: C) => ReactNode;
}) {
  const [only, ...more] = stack.columns;
  const cellClass = `${className} px-1.5 py-2 text-right tabular-nums`;
  if (more.length === 0)
    return (
      <td className={cellClass} title={title(only)}>
        {figure(only)}
      </td>
    );
  return (
    <td className={cellClass}>
      {stack.columns.map((c) => (
        <span key={c.key} className="block whitespace-nowrap" title={title(c)}>
          <span className="mr-1 text-xs text-slate-500">{c.group?.short}</span>
          {figure(c)}
        </span>
      ))}
    </td>
  );
}
