import Link from "next/link";
import { ExpandableText } from "@/components/trajectory/ExpandableText";
import { StepList } from "@/components/trajectory/StepList";
import { sampleApiUrl } from "@/lib/trajectory/full-text";
import { Badge, StatusBadge, VerdictBadge } from "@/components/ui/Badge";
import { BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import type { Trajectory } from "@/db/queries/trajectory";
import { percent } from "@/lib/format";
import type { InfoMosaicTestcase } from "@/lib/benchmarks/infomosaic/formats";
import { evoStoredSampleSchema, type EvoStoredSample } from "@/lib/benchmarks/evobrowsecomp/stored";
import { infoMosaicStoredSampleSchema, type InfoMosaicStoredSample } from "@/lib/benchmarks/infomosaic/stored";
import { qaStoredSampleSchema, type QaStoredSample } from "@/lib/benchmarks/qa/stored";
import { webDetectiveStoredSampleSchema, type WebDetectiveStoredSample } from "@/lib/benchmarks/webdetective/stored";
import { RunSelector } from "@/components/trajectory/RunSelector";
import { trajectoryHref } from "@/components/submission/SampleTable";

const box = "rounded-lg border border-slate-200 bg-white p-4 text-sm";

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <span data-testid={testId}>
      <span className="text-slate-500">{label}</span> <strong className="tabular-nums">{children}</strong>
    </span>
  );
}

function EvidenceChain({ m }: { m: WebDetectiveStoredSample }) {
  return (
    <section className={box} data-testid="evidence-chain" data-points={m.evidence.length}>
      <h2 className="font-semibold">Evidence chain</h2>
      <p className="text-xs text-slate-500">
        Each link e<sub>i</sub>: found by search (the agent visited the page holding it), known (not found, but the parametric probe answered it), or missing. Knowledge is sufficient (region S) when
        no link is missing.
      </p>
      <ol className="mt-3 flex flex-wrap items-center gap-2">
        {m.evidence.map((e, i) => {
          const state = e.foundBySearch ? "found" : e.probeCorrect ? "probed" : "missing";
          const tone = state === "found" ? "bg-emerald-100 text-emerald-900 ring-emerald-300" : state === "probed" ? "bg-sky-100 text-sky-900 ring-sky-300" : "bg-rose-100 text-rose-900 ring-rose-300";
          return (
            <li key={e.id} className="flex items-center gap-2" data-testid="evidence-link" data-state={state}>
              {i > 0 ? <span className="text-slate-400">→</span> : null}
              <span className={`rounded px-2 py-1 text-xs ring-1 ring-inset ${tone}`}>
                <span className="font-mono">{e.id}</span> ·{" "}
                {state === "found" ? "found by search" : state === "probed" ? "probed correctly" : e.probeCorrect === false ? "missing (probe wrong)" : "missing (not probed)"}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
        <Fact label="Region" testId="wd-region">
          {m.region === "S" ? "S — knowledge sufficient" : "I — knowledge insufficient"}
        </Fact>
        <Fact label="Response" testId="wd-response">
          {m.response}
        </Fact>
        <Fact label="Refused">{m.refused ? "yes" : "no"}</Fact>
        <Fact label="Hops used / ground truth" testId="wd-hops">
          {m.hopsUsed} / {m.hopsGt}
        </Fact>
        <Fact label="Searched">{m.searched ? "yes" : "no"}</Fact>
        <Fact label="Clean-evidence answer" testId="wd-clean">
          {m.cleanEvidenceCorrect === null ? "not tested" : m.cleanEvidenceCorrect ? "correct" : "wrong"}
        </Fact>
        {m.degradation ? <Fact label="Degradation">{m.degradation === "lead-astray" ? "lead astray (right from clean evidence)" : m.degradation === "forget" ? "forget (wrong even from clean evidence)" : "unknown"}</Fact> : null}
        {m.searchCredit ? <Fact label="Search credit">correct within the ground-truth hops without full knowledge</Fact> : null}
      </div>
    </section>
  );
}

function Testcases({ m, testcases }: { m: InfoMosaicStoredSample; testcases: InfoMosaicTestcase[] }) {
  return (
    <section className={box} data-testid="testcases" data-points={testcases.length}>
      <h2 className="font-semibold">Testcases</h2>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        <Fact label="Score" testId="im-score">
          {m.score} {m.score === 2 ? "(correct)" : m.score === 1 ? "(approximately correct — not counted)" : "(wrong)"}
        </Fact>
        <Fact label="Pass rate">{m.passRate === null ? "not computable" : percent(m.passRate, 0)}</Fact>
        <Fact label="Domain">{m.domain}</Fact>
        <Fact label="Tool-call turns">{m.toolCallTurns}</Fact>
      </div>
      {testcases.length === 0 ? (
        <p className="mt-2 text-slate-500">This task has no testcases.</p>
      ) : (
        <table className="mt-2 min-w-full text-sm">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-3">#</th>
              <th className="py-1 pr-3">Condition</th>
              <th className="py-1 pr-3">Ground truth</th>
              <th className="py-1">Verdict</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {testcases.map((t, i) => {
              const verdict = m.testcaseVerdicts[i] ?? null;
              return (
                <tr key={i} data-testid="testcase-row" data-verdict={verdict ?? ""}>
                  <td className="py-1 pr-3 text-slate-500">{i + 1}</td>
                  <td className="py-1 pr-3">{t.condition}</td>
                  <td className="py-1 pr-3">{t.groundTruth ?? <span className="text-slate-400">(checked against the answer)</span>}</td>
                  <td className="py-1">
                    {verdict === null ? <span className="text-slate-400">—</span> : <Badge tone={verdict === "CORRECT" ? "green" : "red"}>{verdict}</Badge>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AnswerFacts({ m, evo, traced }: { m: QaStoredSample; evo: EvoStoredSample | null; traced: number }) {
  return (
    <section className="flex flex-wrap gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm" data-testid="sample-metrics">
      <Fact label="Stated confidence" testId="stated-confidence">
        {m.statedConfidence === null ? "none" : `${m.statedConfidence}%`}
      </Fact>
      {m.judgeConfidence !== null ? <Fact label="Judge-extracted confidence">{m.judgeConfidence}%</Fact> : null}
      {evo ? (
        <>
          <Fact label="Tool calls / limit" testId="tool-calls">
            {evo.toolCalls ?? "?"} / {evo.toolCallLimit}
            {evo.exceeded ? " (limit reached)" : ""}
            {evo.toolCalls !== null && !evo.toolCallsCounted && evo.toolCalls !== traced ? <span className="font-normal text-slate-500"> (the messages hold {traced})</span> : null}
          </Fact>
          <Fact label="Language">{evo.language}</Fact>
          <Fact label="Setting">{evo.setting}</Fact>
          {evo.domain ? <Fact label="Domain">{evo.domain}</Fact> : null}
          {evo.hops !== null ? <Fact label="Hops">{evo.hops}</Fact> : null}
        </>
      ) : (
        <Fact label="Tool calls" testId="tool-calls">
          {m.toolCalls ?? "?"}
        </Fact>
      )}
      {m.extractedFinalAnswer ? <Fact label="Judge extracted">{m.extractedFinalAnswer}</Fact> : null}
      {m.judgeModel ? <Fact label="Judge">{m.judgeModel}</Fact> : null}
    </section>
  );
}

/** A WebDetective, EvoBrowseComp, InfoMosaic or QA sample: its benchmark diagnostics, judge output and messages. */
export function SeekboardSample({ trajectory }: { trajectory: Trajectory }) {
  const { submission, sample, task, steps, runs } = trajectory;
  const board = submission.benchmarkId;
  const metrics = sample.metrics ?? {};
  const traced = steps.filter((s) => s.kind === "tool_call").length;
  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm text-slate-500">
          <Link href={`/s/${submission.id}`} className="hover:underline">
            {submission.model} · {BENCHMARKS[board as BenchmarkId].name}
            {submission.setting !== "default" ? ` · ${submission.setting}` : ""}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">
          <span className="font-mono">{sample.taskKey}</span>
          {runs.length > 1 ? <span className="text-slate-500"> · run {sample.run}</span> : null}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="sample-header" data-correct={sample.correct ? "1" : "0"}>
          <VerdictBadge correct={sample.correct} />
          <StatusBadge status={sample.status} />
          {task.language ? <Badge tone="slate">{task.language}</Badge> : null}
          {task.category ? <Badge tone="slate">{task.category}</Badge> : null}
        </div>
      </div>
      <RunSelector runs={runs} current={sample.run} hrefOf={(r) => trajectoryHref(submission.id, sample.taskKey, r)} />
      <div className="grid gap-3 md:grid-cols-2">
        {task.question ? (
          <div className={box}>
            <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">Question</h2>
            <ExpandableText text={task.question} limit={800} />
          </div>
        ) : null}
        <div className={box} data-testid="answers">
          <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">Prediction</h2>
          <p className="mt-1">{sample.prediction ?? <span className="text-slate-400">no answer</span>}</p>
          <h2 className="mt-3 text-xs font-medium uppercase tracking-wide text-slate-500">Gold answer</h2>
          <p className="mt-1">{task.goldAnswer ?? <span className="text-slate-400">withheld</span>}</p>
        </div>
      </div>
      {board === "webdetective" ? <EvidenceChain m={webDetectiveStoredSampleSchema.parse(metrics)} /> : null}
      {board === "infomosaic" ? <Testcases m={infoMosaicStoredSampleSchema.parse(metrics)} testcases={((task.extra?.testcases ?? []) as InfoMosaicTestcase[])} /> : null}
      {board === "evobrowsecomp" ? <AnswerFacts m={evoStoredSampleSchema.parse(metrics)} evo={evoStoredSampleSchema.parse(metrics)} traced={traced} /> : null}
      {board === "qa" ? <AnswerFacts m={qaStoredSampleSchema.parse(metrics)} evo={null} traced={traced} /> : null}
      <section className={box} data-testid="judge-output">
        <h2 className="font-semibold">Judge output</h2>
        <div className="mt-2">{sample.judgeRationale ? <ExpandableText text={sample.judgeRationale} limit={1500} mono /> : <span className="text-slate-500">none given</span>}</div>
        <p className="mt-2 text-xs text-slate-500">
          source {sample.sourceFile}:{sample.sourceLine}
        </p>
      </section>
      <section>
        <h2 className="mb-2 text-lg font-semibold">
          Messages <span className="text-sm font-normal text-slate-500">({steps.length} steps)</span>
        </h2>
        <StepList steps={steps} hitLog={[]} atomicFacts={{}} firstCoveredAt={{}} hitLogged={false} fullTextUrl={sampleApiUrl(trajectory.submission.id, trajectory.sample.taskKey, trajectory.sample.run)} />
      </section>
    </div>
  );
}
