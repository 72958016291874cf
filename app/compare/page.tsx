import { ScrollRegion } from "@/components/ui/ScrollRegion";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { currentViewer } from "@/server/auth";
import { CellTaskList } from "@/components/compare/CellTaskList";
import { PairDetail } from "@/components/compare/PairDetail";
import { FailureModePairs } from "@/components/compare/FailureModePairs";
import { comparedFailureModes } from "@/db/queries/failure-modes";
import { PairwiseTable } from "@/components/compare/PairwiseTable";
import { SubmissionPicker } from "@/components/compare/SubmissionPicker";
import { getDb, type Db } from "@/db/client";
import {
  comparePair,
  getCompareSubmissions,
  listComparableSubmissions,
  type CompareSubmission,
} from "@/db/queries/compare";
import { BENCHMARK_IDS, BENCHMARKS, isBenchmarkId } from "@/lib/benchmarks/registry";
import { incompatibility } from "@/lib/compare/compatible";
import { compareHref, parseCompareState, type CompareState } from "@/lib/url/compare";
import type { RawSearchParams } from "@/lib/url/search-params";

export const metadata: Metadata = { title: "Compare" };

type Props = { searchParams: Promise<RawSearchParams> };

const nameOf = (id: string) => (isBenchmarkId(id) ? BENCHMARKS[id].name : id);

export default async function ComparePage({ searchParams }: Props) {
  await connection();
  const state = parseCompareState(await searchParams);
  const db = await getDb();
  const viewer = await currentViewer();
  const { found, missing } = await getCompareSubmissions(db, state.ids, viewer);
  // A submission the viewer may not see is answered exactly as one that does not exist.
  const problems = [...state.problems, ...missing.map((id) => `there is no submission #${id}`)];
  if (state.benchmark !== null && !isBenchmarkId(state.benchmark))
    problems.push(`b=${state.benchmark.slice(0, 40)} is not a benchmark that can be compared`);
  // With neither submissions nor b=, the picker opens on the registry's first benchmark.
  const pickerBenchmark =
    found[0]?.benchmarkId ??
    (state.benchmark !== null && isBenchmarkId(state.benchmark)
      ? state.benchmark
      : BENCHMARK_IDS[0]);
  const incompatible = incompatibility(found, nameOf);
  const comparable =
    found.length >= 2 && incompatible === null && isBenchmarkId(found[0].benchmarkId);
  const ids = found.map((s) => s.id);
  const base = found.find((s) => s.id === state.base) ?? found[0];
  const others = found.filter((s) => s !== base);
  const vs = others.find((s) => s.id === state.vs) ?? others[0];
  const profile = isBenchmarkId(pickerBenchmark) ? BENCHMARKS[pickerBenchmark].compare : null;
  const pickable = await listComparableSubmissions(db, pickerBenchmark, viewer);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Compare submissions</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Two or more submissions of one benchmark and version, task by task: which tasks each gets
          right, the paired difference in the benchmark&apos;s primary metric with a bootstrap
          interval and McNemar&apos;s test, the same per split, and any task&apos;s two trajectories
          side by side.
        </p>
      </div>

      {problems.length > 0 ? (
        <ul
          className="list-disc rounded-lg border border-amber-200 bg-amber-50 py-2 pl-8 pr-4 text-sm text-amber-900"
          data-testid="compare-problems"
        >
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {incompatible ? (
        <p
          className="rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900"
          role="alert"
          data-testid="compare-error"
        >
          {incompatible}
        </p>
      ) : null}
      {!comparable && !incompatible ? (
        <p className="text-sm text-slate-600" data-testid="compare-empty">
          {found.length === 1
            ? `Submission #${found[0].id} is chosen; pick at least one more of ${nameOf(found[0].benchmarkId)} below.`
            : "Pick a benchmark and at least two of its submissions."}
        </p>
      ) : null}

      {comparable && base && vs ? (
        <Comparison
          db={db}
          state={state}
          ids={ids}
          base={base}
          vs={vs}
          others={others}
          found={found}
        />
      ) : null}

      <details className="rounded-lg border border-slate-200 bg-white p-4" open={!comparable}>
        <summary className="cursor-pointer text-sm font-semibold">Choose submissions</summary>
        <div className="mt-3">
          <SubmissionPicker
            benchmarks={BENCHMARK_IDS.map((id) => ({ id, name: nameOf(id) }))}
            benchmark={pickerBenchmark}
            submissions={pickable}
            checked={ids}
            metric={profile?.metric ?? "primary"}
          />
        </div>
      </details>
    </div>
  );
}

async function Comparison({
  db,
  state,
  ids,
  base,
  vs,
  others,
  found,
}: {
  db: Db;
  state: CompareState;
  ids: number[];
  base: CompareSubmission;
  vs: CompareSubmission;
  others: CompareSubmission[];
  found: CompareSubmission[];
}) {
  const { rows, report } = await comparePair(db, base, vs);
  const modes = await comparedFailureModes(db, rows.benchmark, base.id, vs.id, rows.runs);
  const pairProfile = BENCHMARKS[rows.benchmark].compare;
  const pairwise = [];
  if (others.length > 1) {
    for (const other of others)
      pairwise.push({
        other,
        summary:
          other === vs
            ? report.summary
            : (await comparePair(db, base, other, { detail: false })).report.summary,
      });
  }
  const hrefState = { ids, base: base.id, vs: vs.id };
  return (
    <>
      <section
        className="rounded-lg border border-slate-200 bg-white"
        data-testid="compared-submissions"
      >
        <ScrollRegion label="Compared submissions" className="">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-3 py-2">Role</th>
                <th className="px-3 py-2">Submission</th>
                <th className="px-3 py-2">Setting</th>
                <th className="px-3 py-2">Version</th>
                <th className="px-3 py-2 text-right">Tasks</th>
                <th className="px-3 py-2 text-right">Runs</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody>
              {found.map((s) => (
                <tr
                  key={s.id}
                  className="border-t border-slate-100"
                  data-testid="compared-row"
                  data-id={s.id}
                >
                  <td className="px-3 py-2">
                    {s === base ? (
                      <strong>A · baseline</strong>
                    ) : s === vs ? (
                      <strong>B · in detail</strong>
                    ) : (
                      <span className="text-slate-500">against A</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <Link
                      href={`/s/${s.id}`}
                      className="font-medium text-indigo-700 hover:underline"
                    >
                      {s.model}
                    </Link>{" "}
                    <span className="text-xs text-slate-500">
                      #{s.id}
                      {s.agent ? ` · ${s.agent}` : ""}
                      {s.status !== "approved" ? ` · ${s.status}` : ""}
                    </span>
                  </td>
                  <td className="px-3 py-2">{s.setting}</td>
                  <td className="px-3 py-2">{s.benchmarkVersion}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{s.taskCount}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{s.runs}</td>
                  <td className="space-x-3 whitespace-nowrap px-3 py-2 text-right text-xs">
                    {s !== base ? (
                      <Link
                        href={compareHref({ ids, base: s.id })}
                        className="text-indigo-700 hover:underline"
                      >
                        make baseline
                      </Link>
                    ) : null}
                    {s !== base && s !== vs ? (
                      <Link
                        href={compareHref({ ids, base: base.id, vs: s.id })}
                        className="text-indigo-700 hover:underline"
                      >
                        show in detail
                      </Link>
                    ) : null}
                    {found.length > 2 ? (
                      <Link
                        href={compareHref({
                          ids: ids.filter((id) => id !== s.id),
                          base: s === base ? undefined : base.id,
                        })}
                        className="text-slate-500 hover:underline"
                      >
                        remove
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      {pairwise.length > 0 ? (
        <PairwiseTable
          base={base}
          rows={pairwise}
          metric={pairProfile.metric}
          detailHref={(id) => compareHref({ ids, base: base.id, vs: id })}
          activeId={vs.id}
        />
      ) : null}

      <PairDetail
        base={base}
        vs={vs}
        report={report}
        profile={pairProfile}
        activeCell={state.cell}
        cellHref={(cell, within) => compareHref({ ...hrefState, cell, within }, "#cell")}
      >
        {state.cell ? (
          <CellTaskList
            cell={state.cell}
            within={state.within}
            rows={rows}
            page={state.page}
            base={base}
            vs={vs}
            pageHref={(page) =>
              compareHref({ ...hrefState, cell: state.cell, within: state.within, page }, "#cell")
            }
            closeHref={compareHref(hrefState)}
          />
        ) : null}
      </PairDetail>
      <FailureModePairs modes={modes} />
    </>
  );
}
