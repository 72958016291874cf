"use client";
import { useActionState } from "react";
import {
  adjudicateAction,
  applyProposalAction,
  previewRejudgeAction,
  previewRescoreAction,
  type PreviewResult,
} from "@/server/reeval-actions";
import type { JudgeOption } from "@/lib/reeval/describe";
import { ChangeList } from "./ChangeList";

const button =
  "rounded bg-indigo-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-indigo-700 disabled:opacity-50";
const quiet =
  "rounded px-2.5 py-1 text-xs font-medium text-indigo-700 ring-1 ring-indigo-300 hover:bg-indigo-50 disabled:opacity-50";

function Alert({ text }: { text: string }) {
  return (
    <p role="alert" className="text-xs text-rose-700">
      {text}
    </p>
  );
}

/** A previewed change: what it would do, the judge's rationale, and the button that applies it. */
function Preview({ result, testId }: { result: PreviewResult | null; testId: string }) {
  const [applied, apply, applying] = useActionState(applyProposalAction, null);
  if (!result) return null;
  if (!result.ok) return <Alert text={result.error} />;
  const { proposal, token } = result;
  const nothing = Object.keys(proposal.after).length === 0;
  return (
    <div
      className="mt-2 space-y-2 rounded border border-indigo-200 bg-indigo-50/40 p-3"
      data-testid={testId}
      data-changes={Object.keys(proposal.after).length}
    >
      <p className="text-xs text-slate-600">
        {proposal.action === "rejudge" ? "Re-judged" : "Re-scored"} with{" "}
        <strong>{proposal.judge}</strong>
        {proposal.judgeConfig ? (
          <span className="font-mono text-[11px]"> {JSON.stringify(proposal.judgeConfig)}</span>
        ) : null}
      </p>
      {proposal.rationale ? (
        <p className="whitespace-pre-wrap text-xs" data-testid="preview-rationale">
          <span className="text-slate-500">rationale: </span>
          {proposal.rationale}
        </p>
      ) : null}
      {nothing ? (
        <p className="text-xs text-slate-600">
          Nothing would change: the stored figures already agree.
        </p>
      ) : (
        <ChangeList before={proposal.before} after={proposal.after} />
      )}
      {!nothing && !(applied?.ok ?? false) ? (
        <form action={apply} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="token" value={token} />
          <input
            name="reason"
            maxLength={2000}
            placeholder="note (optional)"
            aria-label="Note for the audit log"
            className="w-64 rounded border border-slate-300 px-1.5 py-0.5 text-xs"
          />
          <button type="submit" disabled={applying} className={button}>
            Apply
          </button>
        </form>
      ) : null}
      {applied?.ok ? (
        <p className="text-xs text-emerald-700">
          Applied{applied.entryId ? ` (audit entry #${applied.entryId})` : ""}.
        </p>
      ) : null}
      {applied && !applied.ok ? <Alert text={applied.error} /> : null}
    </div>
  );
}

export function SampleReevalControls({
  sampleId,
  judges,
  rescoreNote,
}: {
  sampleId: number;
  judges: JudgeOption[];
  rescoreNote: string;
}) {
  const [rejudged, rejudge, rejudging] = useActionState(previewRejudgeAction, null);
  const [rescored, rescore, rescoring] = useActionState(previewRescoreAction, null);
  const [adjudicated, adjudicate, adjudicating] = useActionState(adjudicateAction, null);
  const firstEnabled = judges.find((j) => j.disabled === null)?.id;
  return (
    <div className="grid gap-4 md:grid-cols-3" data-testid="reeval-controls">
      <div>
        <h3 className="text-sm font-semibold">Re-judge</h3>
        <form action={rejudge} className="mt-1 space-y-1">
          <input type="hidden" name="sampleId" value={sampleId} />
          <fieldset className="space-y-0.5 text-xs">
            <legend className="sr-only">Judge</legend>
            {judges.map((j) => (
              <label
                key={j.id}
                className={`flex items-start gap-1.5 ${j.disabled ? "text-slate-500" : ""}`}
              >
                <input
                  type="radio"
                  name="judge"
                  value={j.id}
                  disabled={j.disabled !== null}
                  defaultChecked={j.id === firstEnabled}
                  className="mt-0.5"
                />
                <span>
                  {j.label}
                  {j.disabled ? (
                    <span className="block text-[11px]" data-testid={`judge-disabled-${j.id}`}>
                      {j.disabled}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={rejudging || firstEnabled === undefined}
            className={quiet}
          >
            {rejudging ? "Judging…" : "Preview re-judge"}
          </button>
        </form>
        <Preview
          key={rejudged?.ok ? rejudged.token : "none"}
          result={rejudged}
          testId="rejudge-preview"
        />
      </div>
      <div>
        <h3 className="text-sm font-semibold">Re-score</h3>
        <p className="mt-1 text-xs text-slate-600">{rescoreNote}</p>
        <form action={rescore} className="mt-1">
          <input type="hidden" name="sampleId" value={sampleId} />
          <button type="submit" disabled={rescoring} className={quiet}>
            {rescoring ? "Scoring…" : "Preview re-score"}
          </button>
        </form>
        <Preview
          key={rescored?.ok ? rescored.token : "none"}
          result={rescored}
          testId="rescore-preview"
        />
      </div>
      <div>
        <h3 className="text-sm font-semibold">Adjudicate</h3>
        <form action={adjudicate} className="mt-1 space-y-1" data-testid="adjudicate-form">
          <input type="hidden" name="sampleId" value={sampleId} />
          <div className="flex gap-3 text-xs">
            <label className="flex items-center gap-1">
              <input type="radio" name="verdict" value="correct" required /> correct
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="verdict" value="incorrect" required /> incorrect
            </label>
          </div>
          <textarea
            name="reason"
            required
            maxLength={2000}
            rows={2}
            placeholder="reason (required, public)"
            aria-label="Reason for the adjudication"
            className="w-full rounded border border-slate-300 px-1.5 py-1 text-xs"
          />
          <button type="submit" disabled={adjudicating} className={button}>
            Adjudicate
          </button>
        </form>
        {adjudicated?.ok ? (
          <p className="text-xs text-emerald-700">
            Adjudicated (audit entry #{adjudicated.entryId}).
          </p>
        ) : null}
        {adjudicated && !adjudicated.ok ? <Alert text={adjudicated.error} /> : null}
      </div>
    </div>
  );
}
