import Link from "next/link";
import { connection } from "next/server";
import { getDb } from "@/db/client";
import { defaultViewLeader } from "@/db/queries/board-leader";
import { benchmarkSummary } from "@/db/queries/seekboard";
import { BENCHMARK_IDS, BENCHMARKS } from "@/lib/benchmarks/registry";
import { percent, plural } from "@/lib/format";

export default async function HomePage() {
  await connection();
  const db = await getDb();
  const cards = [];
  for (const id of BENCHMARK_IDS) {
    const { name, description, board } = BENCHMARKS[id];
    const primary = board.columns.find((c) => c.key === board.primary)?.label ?? board.primary;
    cards.push({
      id,
      name,
      description,
      primary,
      ...(await benchmarkSummary(db, id)),
      leader: await defaultViewLeader(db, id),
    });
  }
  return (
    <div className="space-y-6">
      <section>
        <h1 className="text-2xl font-semibold tracking-tight">Search-agent benchmarks</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Who leads on which benchmark and setting, with 95% bootstrap confidence intervals, and
          every run&apos;s trajectory one click away.
        </p>
      </section>
      {cards.every((b) => b.submissions === 0) ? (
        <p
          className="rounded border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600"
          data-testid="home-empty"
        >
          No benchmark has results yet.{" "}
          <Link
            href="/submit"
            className="font-medium text-indigo-700 underline hover:text-indigo-900"
          >
            Submit your agent&apos;s results
          </Link>
          ; they are listed here once the admin approves them.
        </p>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {cards.map((b) => (
          <li
            key={b.id}
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            data-testid={`benchmark-${b.id}`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Link
                href={`/b/${b.id}`}
                className="text-lg font-semibold text-indigo-700 hover:underline"
              >
                {b.name}
              </Link>
              <Link
                href={`/b/${b.id}/analysis`}
                className="text-sm text-indigo-700 hover:underline"
              >
                Diagnostics
              </Link>
            </div>
            <p className="mt-2 text-sm text-slate-600">{b.description}</p>
            <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <div>
                <dt className="text-slate-500">Submissions</dt>
                <dd className="font-medium tabular-nums">{b.submissions}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Samples</dt>
                <dd className="font-medium tabular-nums">{b.samples.toLocaleString("en")}</dd>
              </div>
              {b.leader ? (
                <div>
                  <dt className="text-slate-500">Best search run</dt>
                  <dd className="font-medium" title={b.primary}>
                    {b.leader.model} <span className="text-slate-500">({b.leader.setting})</span>{" "}
                    {percent(b.leader.value)}
                    {b.leader.tiedAtTop > 0 ? (
                      <span
                        className="block text-xs font-normal text-slate-600"
                        data-testid="leader-ties"
                      >
                        rank 1, shared with {plural(b.leader.tiedAtTop, "other")} (no row is
                        significantly better)
                      </span>
                    ) : null}
                    <span
                      className="block text-xs font-normal text-slate-500"
                      data-testid="leader-view"
                    >
                      {b.primary}, on the board&apos;s default view: {b.leader.view}
                    </span>
                  </dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
