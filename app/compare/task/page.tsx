import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { currentViewer } from "@/server/auth";
import { SideBySide, divergenceText } from "@/components/compare/SideBySide";
import type { StepContext } from "@/components/trajectory/outcome";
import { ExpandableText } from "@/components/trajectory/ExpandableText";
import { TaskQuestion } from "@/components/trajectory/TaskQuestion";
import { Badge, StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import { BENCHMARKS, isBenchmarkId } from "@/lib/benchmarks/registry";
import { getDb } from "@/db/client";
import { CellNav } from "@/components/compare/CellNav";
import {
  getCompareSubmissions,
  pairedRows,
  type CompareSubmission,
  type PairedRows,
} from "@/db/queries/compare";
import { cellTaskPairs, type OutcomeCell } from "@/lib/compare/outcomes";
import { getTrajectory, type Trajectory } from "@/db/queries/trajectory";
import { alignByCall, callSignatures, firstDivergence } from "@/lib/compare/align";
import { incompatibility } from "@/lib/compare/compatible";
import { percent } from "@/lib/format";
import { compareHref, compareTaskHref, parseCompareTaskState } from "@/lib/url/compare";
import { sampleHref } from "@/lib/url/samples";
import type { RawSearchParams } from "@/lib/url/search-params";
import { RunSelector } from "@/components/trajectory/RunSelector";

export const metadata: Metadata = { title: "Side by side" };

type Props = { searchParams: Promise<RawSearchParams> };

const nameOf = (id: string) => (isBenchmarkId(id) ? BENCHMARKS[id].name : id);

function contextOf(t: Trajectory | null): StepContext | null {
  if (!t) return null;
  return {
    hitLogged: BENCHMARKS[t.submission.benchmarkId].compare.fcr,
    hitLog: new Map(t.hitLog.map((h) => [h.callIndex, h])),
    atomicFacts: t.task.atomicFacts,
    firstCoveredAt: t.sample.firstCoveredAt,
  };
}

/** The tasks of the matrix cell the page was opened from, in the cell list's order. */
function cellPairsOf(
  rows: PairedRows,
  cell: OutcomeCell,
  within: { dimension: string; value: string } | null,
) {
  const splits = new Map(rows.tasks.map((t) => [t.taskKey, t.splits]));
  return cellTaskPairs(rows.runs, (taskKey) => splits.get(taskKey), cell, within);
}

export default async function SideBySidePage({ searchParams }: Props) {
  await connection();
  const state = parseCompareTaskState(await searchParams);
  if ("error" in state) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Side by side</h1>
        <p
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          role="alert"
          data-testid="compare-error"
        >
          {state.error}
        </p>
      </div>
    );
  }
  const db = await getDb();
  const { found, missing } = await getCompareSubmissions(
    db,
    [state.a, state.b],
    await currentViewer(),
  );
  if (missing.length > 0 || found.length !== 2) notFound();
  const [a, b] = found;
  const incompatible = incompatibility(found, nameOf);
  if (incompatible) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Side by side</h1>
        <p
          className="rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900"
          role="alert"
          data-testid="compare-error"
        >
          {incompatible}
        </p>
      </div>
    );
  }
  const ta = await getTrajectory(db, a.id, state.taskKey, state.run);
  const tb = await getTrajectory(db, b.id, state.taskKey, state.run);
  if (!ta && !tb) notFound();
  const texts = [
    ...(ta ? [{ side: "A", text: ta.text }] : []),
    ...(tb ? [{ side: "B", text: tb.text }] : []),
  ];
  const sameText = texts.every(
    ({ text }) =>
      text.question === texts[0].text.question && text.goldAnswer === texts[0].text.goldAnswer,
  );
  const runs = [...new Set([...(ta?.runs ?? []), ...(tb?.runs ?? [])])].sort((x, y) => x - y);
  const divergence =
    ta && tb ? firstDivergence(callSignatures(ta.steps), callSignatures(tb.steps)) : null;
  const rows = alignByCall(ta?.steps ?? [], tb?.steps ?? []);
  const cellPairs = state.cell
    ? cellPairsOf(await pairedRows(db, a.id, b.id), state.cell, state.within)
    : [];

  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm text-slate-500">
          <Link
            href={compareHref({ ids: [a.id, b.id] })}
            className="hover:underline"
            data-testid="back-to-compare"
          >
            ← {nameOf(a.benchmarkId)} · compare #{a.id} and #{b.id}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">
          Task <span className="font-mono">#{state.taskKey}</span> side by side
          {runs.length > 1 ? <span className="text-slate-500"> · run {state.run}</span> : null}
        </h1>
      </div>

      {state.cell ? (
        <CellNav
          a={a.id}
          b={b.id}
          cell={state.cell}
          within={state.within}
          pairs={cellPairs}
          current={{ taskKey: state.taskKey, run: state.run }}
        />
      ) : null}

      <RunSelector
        runs={runs}
        current={state.run}
        hrefOf={(r) => compareTaskHref(a.id, b.id, state.taskKey, r, state)}
      />

      {/* Each side's own question and gold answer: one box when they agree, one per side when not. */}
      {(sameText ? texts.slice(0, 1) : texts).map(({ side, text }) => (
        <section
          key={side}
          className="grid gap-3 lg:grid-cols-3"
          data-side={sameText ? undefined : side}
        >
          <div className="rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2">
            <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Question{sameText ? "" : ` (${side})`}
            </h2>
            <div className="mt-1 text-sm">
              <TaskQuestion text={text} limit={600} />
            </div>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Gold answer{sameText ? "" : ` (${side})`}
            </h2>
            <div className="mt-1 text-sm">
              <ExpandableText text={text.goldAnswer ?? "—"} limit={400} />
            </div>
          </div>
        </section>
      ))}

      <section className="grid gap-3 md:grid-cols-2">
        <SideHeader side="A" submission={a} trajectory={ta} run={state.run} />
        <SideHeader side="B" submission={b} trajectory={tb} run={state.run} />
      </section>

      <p
        className={`rounded-lg px-4 py-2 text-sm ${divergence ? "border border-rose-200 bg-rose-50 text-rose-900" : "border border-slate-200 bg-white text-slate-700"}`}
        data-testid="divergence-summary"
        data-call={divergence?.callIndex ?? ""}
      >
        {ta && tb ? (
          divergence ? (
            <>
              The trajectories first diverge at{" "}
              <a href={`#call-${divergence.callIndex}`} className="font-semibold underline">
                tool call {divergence.callIndex}
              </a>
              : {divergenceText(divergence)}.{" "}
              {divergence.callIndex > 1
                ? `Calls 1–${divergence.callIndex - 1} are the same tool with the same arguments.`
                : "They differ from the first call on."}
            </>
          ) : (
            "Both made the same tool calls with the same arguments."
          )
        ) : (
          "Only one side has this run: nothing to align against."
        )}{" "}
        <span className="text-slate-600">
          Calls are aligned by their index; calls whose query hit an atomic fact are highlighted in
          green.
        </span>
      </p>

      <SideBySide rows={rows} a={contextOf(ta)} b={contextOf(tb)} divergence={divergence} />
    </div>
  );
}

function SideHeader({
  side,
  submission,
  trajectory,
  run,
}: {
  side: "A" | "B";
  submission: CompareSubmission;
  trajectory: Trajectory | null;
  run: number;
}) {
  const sample = trajectory?.sample;
  return (
    <div
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="side-header"
      data-side={side}
      data-correct={sample ? (sample.correct ? "1" : "0") : ""}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-slate-800 px-1.5 py-0.5 text-xs font-semibold text-white">
          {side}
        </span>
        <Link href={`/s/${submission.id}`} className="font-medium text-indigo-700 hover:underline">
          {submission.model}
        </Link>
        <span className="text-xs text-slate-500">
          {submission.setting} · #{submission.id}
        </span>
      </div>
      {sample && trajectory ? (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <VerdictBadge correct={sample.correct} />
            <StatusBadge status={sample.status} />
            <Badge tone="slate">{sample.toolCalls} tool calls</Badge>
            {BENCHMARKS[submission.benchmarkId].compare.fcr ? (
              <>
                <Badge tone="slate">
                  FCR {percent(sample.fcr)} ({sample.factsCovered}/{sample.factCount})
                </Badge>
                <Badge tone="slate">
                  hits {sample.hits}/{sample.hitLogCalls}
                </Badge>
              </>
            ) : null}
            <Link
              href={sampleHref(submission.id, sample.taskKey, sample.run)}
              className="text-xs text-indigo-700 hover:underline"
            >
              full trajectory
            </Link>
          </div>
          <div className="mt-2">
            <span className="text-xs uppercase tracking-wide text-slate-500">Prediction</span>
            <ExpandableText text={sample.prediction || "— (no answer)"} limit={300} />
          </div>
        </>
      ) : (
        <p className="mt-2 text-slate-600" data-testid="side-missing">
          This submission has no run {run} of this task.
        </p>
      )}
    </div>
  );
}
