import Link from "next/link";

export interface PillLink {
  label: string;
  href: string;
  active: boolean;
}

/** A row of mutually exclusive choices, each a plain link so the URL holds the state. */
export function PillLinks({
  label,
  links,
  testId,
}: {
  label: string;
  links: PillLink[];
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</span>
      {links.map((link) => (
        <Link
          key={link.href + link.label}
          href={link.href}
          aria-current={link.active ? "page" : undefined}
          className={`rounded-full px-3 py-1 text-sm ring-1 ring-inset ${
            link.active
              ? "bg-indigo-600 text-white ring-indigo-600"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-100"
          }`}
        >
          {link.label}
        </Link>
      ))}
    </div>
  );
}
