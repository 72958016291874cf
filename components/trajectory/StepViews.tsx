import { Badge } from "@/components/ui/Badge";
import { assertNever } from "@/lib/assert-never";
import type { StepHead } from "@/lib/trajectory/reading";
import type { Step } from "@/lib/trajectory/steps";
import type { CallOutcome } from "@/lib/trajectory/view";
import { ExpandableText } from "./ExpandableText";
import { PageUrl } from "./PageUrl";
import { StepUsage } from "./StepUsage";
import { TONE as OUTCOME_TONE, type CallRowMark } from "./tone";

/**
 * A step is shown in two parts: its row (the head: kind, role, the call's query or the URL it opens, its outcome,
 * the start of its text), always in the page; and its body (the whole text, a SERP's
 * entries), which the trajectory page loads when the reader opens it and the side-by-side
 * view sends folded. Both render here, server and browser alike: no server-only imports.
 */

const LABELS = { thought: "Thought", answer: "Answer" } as const;

function stepLabel(head: StepHead): string {
  switch (head.kind) {
    case "thought":
    case "answer":
      return LABELS[head.kind];
    case "tool_call":
      return `Call ${head.callIndex}`;
    case "tool_result":
      return head.callIndex !== null ? `Result of call ${head.callIndex}` : "Tool result";
    case "other":
      return head.role === "system" ? "System prompt" : head.role === "user" ? "User" : "Message";
    default:
      return assertNever(head);
  }
}

/** What opening the step shows, for its disclosure button. */
export function bodyLabel(head: StepHead): string {
  const chars = `${head.bodyChars.toLocaleString("en")} characters`;
  switch (head.kind) {
    case "thought":
      return `the whole thought (${chars})`;
    case "tool_call":
      return `the whole call (${chars})`;
    case "tool_result":
      return head.results !== null
        ? `the ${head.results === 1 ? "result" : `${head.results} results`}`
        : `the whole result (${chars})`;
    case "answer":
      return `the whole answer (${chars})`;
    case "other":
      return `the whole message (${chars})`;
    default:
      return assertNever(head);
  }
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
          {outcome.compound ? (
            <Badge tone="amber" title="the PEM judged the query compound / low quality">
              compound
            </Badge>
          ) : null}
        </>
      );
    case "hit":
      return (
        <>
          <Badge tone="green">hit</Badge>
          {outcome.compound ? <Badge tone="amber">compound</Badge> : null}
          {outcome.keys.map((k) => (
            <Badge
              key={k.key}
              tone={k.inFactSet ? (k.firstCover ? "green" : "slate") : "amber"}
              title={
                k.inFactSet
                  ? k.firstCover
                    ? "first time this fact was covered"
                    : "fact already covered earlier"
                  : "matched key is not in the task's fact set"
              }
            >
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

const TONE: Record<StepHead["kind"], string> = {
  thought: "step-card",
  tool_call: "step-card",
  tool_result: "step-card step-result",
  answer: "step-card step-answer",
  other: "step-card",
};

/**
 * A step's card: its row, then `body` (the disclosure that opens the rest, or nothing when
 * the row shows it all). A call is outlined by its outcome.
 */
export function StepCard({
  head,
  outcome,
  mark,
  body,
}: {
  head: StepHead;
  outcome: CallOutcome;
  /** The call's timeline outcome; absent where the view draws no timeline (side by side). */
  mark?: CallRowMark;
  body: React.ReactNode;
}) {
  const tone =
    head.kind === "tool_call" && outcome.kind === "hit"
      ? "step-card step-hit"
      : head.kind === "tool_call" && outcome.kind === "miss"
        ? "step-card step-miss"
        : TONE[head.kind];
  return (
    <div className={tone}>
      <div className="step-meta">
        <span className="step-label">{stepLabel(head)}</span>
        <StepUsage usage={head.usage} />
        {head.kind === "tool_call" ? (
          <span className="step-outcome" data-testid="call-outcome" data-outcome={outcome.kind}>
            <span className="step-tool">{head.name ?? "?"}</span>
            <OutcomeBadges outcome={outcome} />
          </span>
        ) : null}
        {mark ? <CallMarkBadges mark={mark} /> : null}
        {head.malformed ? (
          <Badge tone="amber" title="kept verbatim">
            malformed: {head.malformed}
          </Badge>
        ) : null}
      </div>
      <HeadText head={head} />
      {body}
    </div>
  );
}

/** The call's timeline outcome (its cell's colour and name) and, for a repeated query, the call it repeats. */
function CallMarkBadges({ mark }: { mark: CallRowMark }) {
  return (
    <span
      className="inline-flex items-center gap-2"
      data-testid="call-mark"
      data-outcome={mark.key}
    >
      {/* A call coloured as a repeat: the badge naming the call it repeats says it all. */}
      {mark.tone === "repeat" && mark.repeats !== null ? null : (
        <span className="inline-flex items-center gap-1 text-xs text-slate-700">
          <span
            className={`inline-block size-2.5 rounded-sm ${OUTCOME_TONE[mark.tone]}`}
            aria-hidden
          />
          {mark.label}
        </span>
      )}
      {mark.repeats !== null ? (
        <a
          href={mark.repeats.href}
          className="rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-900 underline decoration-violet-300"
          data-testid="repeats-call"
        >
          repeats call {mark.repeats.call}
        </a>
      ) : null}
      {mark.note !== null ? (
        <span
          className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-900"
          data-testid="call-note"
        >
          {mark.note}
        </span>
      ) : null}
    </span>
  );
}

function HeadText({ head }: { head: StepHead }) {
  const text = `${head.preview}${head.cut ? "…" : ""}`;
  switch (head.kind) {
    case "tool_call":
      if (head.query !== null)
        return (
          <p className="step-head step-query" data-testid="query">
            <span className="step-key">query </span>
            {head.query}
          </p>
        );
      return head.url !== undefined ? (
        <p className="step-head step-query" data-testid="opens">
          <span className="step-key">opens </span>
          <PageUrl url={head.url} />
        </p>
      ) : (
        <p className="step-head step-mono">{text}</p>
      );
    case "tool_result":
      if (head.results === 0)
        return <p className="step-head text-slate-500">The search returned no results.</p>;
      return head.results !== null ? (
        <p className="step-head text-slate-700" data-testid="serp-titles">
          <span className="step-key">
            {head.results === 1 ? "1 result: " : `${head.results} results: `}
          </span>
          {text}
        </p>
      ) : (
        <p className="step-head step-mono">{text}</p>
      );
    case "thought":
    case "other":
      return <p className="step-head step-dim">{text || "(empty)"}</p>;
    case "answer":
      return <p className="step-head step-text">{text || "(empty)"}</p>;
    default:
      return assertNever(head);
  }
}

/** The rest of a step once opened: its whole text, or a SERP's entries. Untrusted text, shown as text. */
export function StepBody({ step }: { step: Step }) {
  switch (step.kind) {
    case "thought":
    case "answer":
    case "other":
      return <ExpandableText text={step.text} limit={4000} />;
    case "tool_call":
      return <ExpandableText text={step.raw} limit={4000} mono />;
    case "tool_result":
      return step.serp ? (
        <ul className="grid gap-2 md:grid-cols-2" data-testid="serp">
          {step.serp.search_result.map((entry, i) => (
            <li
              key={`${entry.id ?? i}`}
              className="rounded border border-slate-200 bg-white p-2"
              data-testid="serp-entry"
            >
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{entry.title || "(untitled)"}</span>
                {entry.date ? (
                  <span className="shrink-0 text-xs text-slate-500">{entry.date}</span>
                ) : null}
              </div>
              {entry.url !== undefined ? (
                <div className="mt-0.5 text-xs">
                  <PageUrl url={entry.url} />
                </div>
              ) : null}
              <div className="mt-1 text-slate-700">
                <ExpandableText text={entry.content} limit={600} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ExpandableText text={step.raw} limit={4000} mono />
      );
    default:
      return assertNever(step);
  }
}
