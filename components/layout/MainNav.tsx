import Link from "next/link";
import { BENCHMARK_IDS, BENCHMARKS } from "@/lib/benchmarks/registry";
import { NavMenu } from "./NavMenu";

const LINK = "text-sm text-slate-600 hover:text-slate-900";

function Links({ className }: { className: string }) {
  return (
    <>
      <Link href="/" className={`${LINK} ${className}`}>
        Benchmarks
      </Link>
      {BENCHMARK_IDS.map((id) => (
        <Link key={id} href={`/b/${id}`} className={`${LINK} ${className}`}>
          {BENCHMARKS[id].navLabel}
        </Link>
      ))}
      <Link href="/compare" className={`${LINK} ${className}`}>
        Compare
      </Link>
    </>
  );
}

/**
 * The site's navigation: one line on wide screens; on a phone the brand, "Submit results"
 * and a menu (a native disclosure: no script, keyboard and screen-reader ready).
 */
export function MainNav() {
  return (
    <nav className="mx-auto flex max-w-7xl items-center gap-x-6 px-4 py-3" aria-label="Main">
      <Link href="/" className="text-lg font-semibold tracking-tight text-indigo-700">
        Seekboard
      </Link>
      <div className="hidden flex-wrap items-center gap-x-6 gap-y-1 md:flex">
        <Links className="" />
      </div>
      <Link
        href="/submit"
        className="ml-auto text-sm font-medium text-indigo-700 hover:text-indigo-900"
      >
        Submit results
      </Link>
      <NavMenu>
        <Links className="block" />
      </NavMenu>
    </nav>
  );
}
