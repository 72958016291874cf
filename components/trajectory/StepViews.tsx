import { Badge } from "@/components/ui/Badge";
import type { HitLogRow } from "@/db/queries/trajectory";
import { assertNever } from "@/lib/assert-never";
import type { AnswerStep, OtherStep, Step, ThoughtStep, ToolCallStep, ToolResultStep } from "@/lib/trajectory/steps";
import { callOutcome, type CallOutcome } from "@/lib/trajectory/view";
import { ExpandableText } from "./ExpandableText";
import { StepUsage } from "./StepUsage";

/**
 * Where the browser can read this step's full texts (the sample API, whose `steps` list
 * holds every step in ordinal order from 0, and the step's ordinal). Given, long texts are sent cut to their preview and expand on demand; a
 * 40-call trajectory would otherwise carry every search result in full, twice (as HTML
 * and as the React payload). Without it (e.g. two trajectories side by side) texts are sent whole.
 */
interface StepTextSource {
  url: string;
  ordinal: number;
}

function StepText({ text, limit, mono, source, path }: { text: string; limit: number; mono?: boolean; source?: StepTextSource; path: (string | number)[] }) {
  if (!source || text.length <= limit) return <ExpandableText text={text} limit={limit} mono={mono} />;
  return <ExpandableText text={text.slice(0, limit)} limit={limit} mono={mono} full={{ url: source.url, path: ["steps", source.ordinal, ...path], length: text.length }} />;
}

/** The frame every step shares: a label, the role it came from, and a malformed-tag warning. */
function StepFrame({ label, tone, step, aside, children }: { label: string; tone: string; step: Step; aside?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className={`rounded-lg border bg-white p-3 ${tone}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-semibold uppercase tracking-wide text-slate-600">{label}</span>
        <span className="text-slate-500">{step.role}</span>
        <StepUsage usage={step.usage} />
        {aside}
        {step.malformed ? (
          <Badge tone="amber" title="kept verbatim">
            malformed: {step.malformed}
          </Badge>
        ) : null}
      </div>
      <div className="mt-2 text-sm">{children}</div>
    </div>
  );
}

function ThoughtStepView({ step, source }: { step: ThoughtStep; source?: StepTextSource }) {
  return (
    <StepFrame label="Thought" tone="border-slate-200" step={step}>
      <details>
        <summary className="cursor-pointer text-slate-600">{step.text.slice(0, 140) || "(empty)"}{step.text.length > 140 ? "…" : ""}</summary>
        <div className="mt-2 text-slate-700">
          <StepText text={step.text} limit={2000} source={source} path={["text"]} />
        </div>
      </details>
    </StepFrame>
  );
}

function OutcomeBadges({ outcome }: { outcome: CallOutcome }) {
  switch (outcome.kind) {
    case "none":
      return null;
    case "unlogged":
      return <Badge tone="slate">no hit log</Badge>;
    case "miss":
      return (
        <>
          <Badge tone="red">miss</Badge>
          {outcome.compound ? <Badge tone="amber" title="the PEM judged the query compound / low quality">compound</Badge> : null}
        </>
      );
    case "hit":
      return (
        <>
          <Badge tone="green">hit</Badge>
          {outcome.compound ? <Badge tone="amber">compound</Badge> : null}
          {outcome.keys.map((k) => (
            <Badge key={k.key} tone={k.inFactSet ? (k.firstCover ? "green" : "slate") : "amber"} title={k.inFactSet ? (k.firstCover ? "first time this fact was covered" : "fact already covered earlier") : "matched key is not in the task's fact set"}>
              {k.key}
              {k.inFactSet ? (k.firstCover ? " · new" : " · repeat") : " · not a task fact"}
            </Badge>
          ))}
        </>
      );
    default:
      return assertNever(outcome);
  }
}

function ToolCallStepView({ step, outcome, source }: { step: ToolCallStep; outcome: CallOutcome; source?: StepTextSource }) {
  const tone = outcome.kind === "hit" ? "border-emerald-300" : outcome.kind === "miss" ? "border-rose-200" : "border-slate-200";
  return (
    <StepFrame
      label={`Call ${step.callIndex}`}
      tone={tone}
      step={step}
      aside={
        <span className="flex flex-wrap items-center gap-1" data-testid="call-outcome" data-outcome={outcome.kind}>
          <span className="font-mono text-slate-500">{step.name ?? "?"}</span>
          <OutcomeBadges outcome={outcome} />
        </span>
      }
    >
      {step.query !== null ? (
        <p className="font-medium text-slate-900" data-testid="query">
          <span className="mr-1 text-slate-500">query</span>
          {step.query}
        </p>
      ) : (
        <StepText text={step.raw} limit={600} mono source={source} path={["raw"]} />
      )}
    </StepFrame>
  );
}

function ToolResultStepView({ step, source }: { step: ToolResultStep; source?: StepTextSource }) {
  return (
    <StepFrame label={step.callIndex !== null ? `Result of call ${step.callIndex}` : "Tool result"} tone="border-slate-200 bg-slate-50" step={step}>
      {step.serp ? (
        step.serp.search_result.length === 0 ? (
          <p className="text-slate-500">The search returned no results.</p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-2" data-testid="serp">
            {step.serp.search_result.map((entry, i) => (
              <li key={`${entry.id ?? i}`} className="rounded border border-slate-200 bg-white p-2" data-testid="serp-entry">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-medium text-slate-900">{entry.title || "(untitled)"}</span>
                  {entry.date ? <span className="shrink-0 text-xs text-slate-500">{entry.date}</span> : null}
                </div>
                <div className="mt-1 text-slate-700">
                  <StepText text={entry.content} limit={280} source={source} path={["serp", "search_result", i, "content"]} />
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <StepText text={step.raw} limit={1200} mono source={source} path={["raw"]} />
      )}
    </StepFrame>
  );
}

function AnswerStepView({ step, source }: { step: AnswerStep; source?: StepTextSource }) {
  return (
    <StepFrame label="Answer" tone="border-indigo-300" step={step}>
      <StepText text={step.text} limit={2000} source={source} path={["text"]} />
    </StepFrame>
  );
}

function OtherStepView({ step, source }: { step: OtherStep; source?: StepTextSource }) {
  const label = step.role === "system" ? "System prompt" : step.role === "user" ? "User" : "Message";
  return (
    <StepFrame label={label} tone="border-slate-200" step={step}>
      <details>
        <summary className="cursor-pointer text-slate-600">{step.text.slice(0, 140)}{step.text.length > 140 ? "…" : ""}</summary>
        <div className="mt-2">
          <StepText text={step.text} limit={4000} source={source} path={["text"]} />
        </div>
      </details>
    </StepFrame>
  );
}

/** What a trajectory's calls need to show their hit/miss outcomes. */
export interface StepContext {
  /** False for benchmarks without a per-call hit log: calls get no hit/miss badge. */
  hitLogged: boolean;
  hitLog: Map<number, HitLogRow>;
  atomicFacts: Record<string, string>;
  firstCoveredAt: Record<string, number | null>;
}

/**
 * One step by its kind, for the trajectory page and the side-by-side comparison alike; the
 * switch is exhaustive, so a new kind cannot be dropped silently. `highlightHits` marks a
 * call whose query hit a fact (side by side).
 */
export function StepView({ step, context, source, highlightHits = false }: { step: Step; context: StepContext; source?: StepTextSource; highlightHits?: boolean }) {
  switch (step.kind) {
    case "thought":
      return <ThoughtStepView step={step} source={source} />;
    case "tool_call": {
      const outcome: CallOutcome = context.hitLogged ? callOutcome(context.hitLog.get(step.callIndex), step.callIndex, context.atomicFacts, context.firstCoveredAt) : { kind: "none" };
      const view = <ToolCallStepView step={step} outcome={outcome} source={source} />;
      if (!highlightHits) return view;
      return (
        <div className={outcome.kind === "hit" ? "rounded-lg bg-emerald-50 ring-2 ring-emerald-400" : undefined} data-testid="aligned-call" data-hit={outcome.kind === "hit" ? "1" : "0"}>
          {view}
        </div>
      );
    }
    case "tool_result":
      return <ToolResultStepView step={step} source={source} />;
    case "answer":
      return <AnswerStepView step={step} source={source} />;
    case "other":
      return <OtherStepView step={step} source={source} />;
    default:
      return assertNever(step);
  }
}
