"use client";
import Link from "next/link";
import { plural } from "@/lib/format";
import { moreErrorsLine } from "@/lib/import/errors";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Badge } from "@/components/ui/Badge";
import { boardFiguresOf, FigureValue } from "@/components/submission/BoardFigures";
import {
  submissionAnswerSchema,
  type ErrorAnswer,
  type ErrorDetail,
  invalidAnswerSchema,
  type JobProgress,
  type SubmissionAnswer,
} from "@/lib/submit/answer";
import {
  jobAcceptedSchema,
  jobPercent,
  jobProgressText,
  jobStatusSchema,
  type JobAccepted,
  type JobStatus,
} from "@/lib/submit/job-follow";
import { peekManifest, uploadKind } from "@/lib/submit/manifest-peek";

const TOKEN_KEY = "seekboard.uploadToken";

type Phase =
  | { name: "idle" }
  | { name: "uploading"; fraction: number }
  | { name: "validating" }
  | { name: "importing"; job: ImportView }
  | { name: "accepted"; answer: SubmissionAnswer }
  | { name: "invalid"; errors: ErrorDetail[]; moreErrors: number }
  | { name: "failed"; message: string };

/** A job the server is still importing (after a 202), as its last poll showed it. */
interface ImportView {
  id: number;
  statusUrl: string;
  state: "queued" | "running";
  progress: JobProgress;
  /** Why the last polls failed, while they are retried. */
  trouble: string | null;
}

const POLL_MS = 500;
const MAX_POLL_BACKOFF_MS = 8000;
/** Failed polls in a row before the page gives up (with the backoff, about 25 s). */
const MAX_POLL_FAILURES = 6;

type Poll = { job: JobStatus } | { retry: string } | { fatal: string };

/** One look at the job; what went wrong says whether another look may help. */
async function pollJob(statusUrl: string, token: string): Promise<Poll> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(statusUrl, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: "same-origin",
      cache: "no-store",
    });
    text = await response.text();
  } catch {
    return { retry: "the connection failed" };
  }
  if (response.status >= 500 || response.status === 429)
    return { retry: `the server answered ${response.status}` };
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // reported by status below
  }
  if (response.status !== 200)
    return {
      fatal: (json as ErrorAnswer | null)?.error ?? `the server answered ${response.status}`,
    };
  const job = jobStatusSchema.safeParse(json);
  return job.success
    ? { job: job.data }
    : { fatal: "the server's answer about the job was not understood" };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Fields {
  /** Asked only for an Inspect log, which has no manifest to name it. */
  benchmark: string;
  model: string;
  agent: string;
  setting: string;
}

const EMPTY_FIELDS: Fields = { benchmark: "", model: "", agent: "", setting: "" };

/** A benchmark an Inspect log can be read for. */
export interface LogBenchmark {
  id: string;
  name: string;
}

function fileSize(bytes: number): string {
  if (bytes < 1024 ** 2) return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MiB`;
}

/**
 * Posts with XMLHttpRequest rather than fetch: only XHR reports upload progress.
 * The answer's status must say whether the bundle was accepted, so the server cannot
 * stream its validation progress; that phase is shown as indeterminate.
 */
function send(
  body: FormData,
  token: string,
  onProgress: (fraction: number) => void,
  onSent: () => void,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/submissions");
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = onSent;
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // a proxy's HTML error page: reported by status below
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new Error("the connection failed during the upload"));
    xhr.send(body);
  });
}

export function SubmitForm({
  maxUploadBytes,
  settings,
  logBenchmarks,
}: {
  maxUploadBytes: number;
  settings: readonly string[];
  logBenchmarks: readonly LogBenchmark[];
}) {
  const tokenInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [manifestNote, setManifestNote] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  /** What is wrong with the chosen file, found before any upload. */
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy =
    phase.name === "uploading" || phase.name === "validating" || phase.name === "importing";
  /** Bumped to stop following a job: on leaving the page, or on choosing another file. */
  const followRun = useRef(0);

  useEffect(
    () => () => {
      followRun.current++;
    },
    [],
  );

  // The token stays in this tab only (sessionStorage), never in a cookie or the URL.
  useEffect(() => {
    if (tokenInput.current) tokenInput.current.value = sessionStorage.getItem(TOKEN_KEY) ?? "";
  }, []);

  async function choose(chosen: File | null) {
    followRun.current++;
    setPhase({ name: "idle" });
    setFileProblem(null);
    setNotice(null);
    setManifestNote(null);
    setFields(EMPTY_FIELDS);
    setFile(chosen);
    if (!chosen) return;
    const kind = uploadKind(chosen.name);
    if (!kind)
      return setFileProblem("Choose a .zip, a .tar.gz, a .jsonl or an Inspect log (.eval, .json).");
    if (chosen.size > maxUploadBytes)
      return setFileProblem(
        `The file is ${fileSize(chosen.size)}; this site accepts up to ${fileSize(maxUploadBytes)}.`,
      );
    if (kind === "jsonl")
      return setManifestNote("A .jsonl is one MPW results file: give the model and the setting.");
    if (kind === "inspect-log")
      return setManifestNote(
        "An Inspect log: choose the benchmark it ran. The model is read from the log unless you give one.",
      );
    setManifestNote("Reading manifest.json…");
    try {
      const manifest = await peekManifest(chosen, chosen.name);
      if (!manifest)
        return setManifestNote(
          "No manifest.json found in the archive; the server will look again.",
        );
      setFields({
        benchmark: "",
        model: manifest.model ?? "",
        agent: manifest.agent ?? "",
        setting: manifest.setting ?? "",
      });
      setManifestNote(
        `Read from manifest.json${manifest.benchmark ? ` (benchmark ${manifest.benchmark})` : ""}; correct anything before submitting.`,
      );
    } catch (error) {
      setManifestNote(
        `Could not read manifest.json here (${(error as Error).message}); the server will check the bundle.`,
      );
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const token = tokenInput.current?.value.trim() ?? "";
    if (!token) return setNotice("Paste your team's upload token first.");
    if (!file) return setNotice("Choose a bundle first.");
    if (fileProblem) return;
    setNotice(null);
    sessionStorage.setItem(TOKEN_KEY, token);
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append("bundle", file, file.name);
    setPhase({ name: "uploading", fraction: 0 });
    try {
      const { status, json } = await send(
        body,
        token,
        (fraction) => setPhase({ name: "uploading", fraction }),
        // Rendered at once: when the server answers right after the last byte, the answer's
        // event would otherwise be batched with this one and the validation never shown.
        () => flushSync(() => setPhase({ name: "validating" })),
      );
      if (status === 202) {
        const accepted = jobAcceptedSchema.safeParse(json);
        if (!accepted.success)
          return setPhase({
            name: "failed",
            message: "the server queued the upload but did not say where to follow it",
          });
        const end = await follow(accepted.data, token);
        if (end) setPhase(end);
        return;
      }
      if ((status === 200 || status === 201) && json)
        return setPhase({ name: "accepted", answer: json as SubmissionAnswer });
      const invalid = status === 400 ? invalidAnswerSchema.safeParse(json) : null;
      if (invalid?.success) return setPhase({ name: "invalid", ...invalid.data });
      const message = (json as ErrorAnswer | null)?.error ?? `the server answered ${status}`;
      setPhase({
        name: "failed",
        message:
          status === 401
            ? `${message}. Check the token, or ask the site's admin for one.`
            : message,
      });
    } catch (error) {
      setPhase({ name: "failed", message: (error as Error).message });
    }
  }

  /**
   * Polls the job of a 202 until it is done (the accepted view, from its result) or failed
   * (the invalid view, from its errors). Answers the phase it ended in, or null when it
   * was stopped. The token lives in this tab only, so leaving the page cannot resume.
   */
  async function follow(accepted: JobAccepted, token: string): Promise<Phase | null> {
    const run = ++followRun.current;
    const lost = (why: string) =>
      `${why}. The import goes on on the server; its status is at ${accepted.statusUrl}`;
    let view: ImportView = {
      id: accepted.jobId,
      statusUrl: accepted.statusUrl,
      state: accepted.state,
      progress: accepted.progress,
      trouble: null,
    };
    setPhase({ name: "importing", job: view });
    let failures = 0;
    for (;;) {
      await sleep(
        failures === 0 ? POLL_MS : Math.min(POLL_MS * 2 ** failures, MAX_POLL_BACKOFF_MS),
      );
      if (run !== followRun.current) return null;
      const poll = await pollJob(accepted.statusUrl, token);
      if (run !== followRun.current) return null;
      if ("fatal" in poll)
        return { name: "failed", message: lost(`Could not follow the import: ${poll.fatal}`) };
      if ("retry" in poll) {
        failures++;
        if (failures >= MAX_POLL_FAILURES)
          return { name: "failed", message: lost(`Lost track of the import (${poll.retry})`) };
        view = { ...view, trouble: `${poll.retry}; trying again…` };
        setPhase({ name: "importing", job: view });
        continue;
      }
      failures = 0;
      const { job } = poll;
      if (job.state === "done") {
        const answer = submissionAnswerSchema.safeParse(job.result);
        return answer.success
          ? { name: "accepted", answer: answer.data }
          : {
              name: "failed",
              message: lost("The import finished, but its result was not understood"),
            };
      }
      if (job.state === "failed") {
        return job.errors && job.errors.length > 0
          ? { name: "invalid", errors: job.errors, moreErrors: job.moreErrors }
          : { name: "failed", message: lost("The import failed without saying why") };
      }
      view = { ...view, state: job.state, progress: job.progress, trouble: null };
      setPhase({ name: "importing", job: view });
    }
  }

  const kind = file ? uploadKind(file.name) : null;
  return (
    <div className="space-y-5">
      <form
        onSubmit={submit}
        className="space-y-5 rounded-lg border border-slate-200 bg-white p-5"
        data-testid="submit-form"
      >
        <label className="block text-sm">
          <span className="font-medium">Team upload token</span>
          <span className="ml-2 text-xs text-slate-500">
            issued by the site&apos;s admin; kept in this tab only
          </span>
          <input
            ref={tokenInput}
            name="token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="sb_…"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
          />
        </label>

        <div
          data-testid="drop-zone"
          data-dragging={dragging ? "1" : "0"}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void choose(event.dataTransfer.files[0] ?? null);
          }}
          className={`rounded-lg border-2 border-dashed p-6 text-center text-sm ${dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}
        >
          <p>
            Drop a <strong>.zip</strong>, <strong>.tar.gz</strong>, <strong>.jsonl</strong> or
            Inspect log (<strong>.eval</strong>, <strong>.json</strong>) here, or{" "}
            <label className="cursor-pointer font-medium text-indigo-700 underline">
              choose a file
              <input
                type="file"
                name="bundle"
                accept=".zip,.tar.gz,.tgz,.jsonl,.eval,.json"
                className="sr-only"
                onChange={(event) => void choose(event.target.files?.[0] ?? null)}
              />
            </label>
            .
          </p>
          <p className="mt-1 text-xs text-slate-500">
            Up to {fileSize(maxUploadBytes)}. A bundle holds manifest.json and the result files; see
            the README.
          </p>
          {file ? (
            <p className="mt-3 font-mono text-xs" data-testid="chosen-file">
              {file.name} · {fileSize(file.size)}
            </p>
          ) : null}
        </div>

        {manifestNote ? (
          <p className="text-xs text-slate-600" data-testid="manifest-note">
            {manifestNote}
          </p>
        ) : null}

        <fieldset className="grid gap-3 sm:grid-cols-3" disabled={busy}>
          <legend className="mb-1 text-sm font-medium">Submission</legend>
          {kind === "inspect-log" ? (
            <label className="text-sm sm:col-span-3">
              <span className="text-slate-600">Benchmark</span>
              <select
                name="benchmark"
                required
                value={fields.benchmark}
                onChange={(event) => setFields({ ...fields, benchmark: event.target.value })}
                className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5"
                data-testid="log-benchmark"
              >
                <option value="">Choose the benchmark the log ran…</option>
                {logBenchmarks.map((benchmark) => (
                  <option key={benchmark.id} value={benchmark.id}>
                    {benchmark.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="text-sm">
            <span className="text-slate-600">Model</span>
            <input
              name="model"
              value={fields.model}
              maxLength={200}
              required={kind === "jsonl"}
              onChange={(event) => setFields({ ...fields, model: event.target.value })}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5"
            />
          </label>
          <label className="text-sm">
            <span className="text-slate-600">Agent</span>
            <input
              name="agent"
              value={fields.agent}
              maxLength={200}
              onChange={(event) => setFields({ ...fields, agent: event.target.value })}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5"
            />
          </label>
          <label className="text-sm">
            <span className="text-slate-600">Setting</span>
            <input
              name="setting"
              list="known-settings"
              value={fields.setting}
              maxLength={200}
              required={kind === "jsonl"}
              onChange={(event) => setFields({ ...fields, setting: event.target.value })}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5"
            />
            <datalist id="known-settings">
              {settings.map((setting) => (
                <option key={setting} value={setting} />
              ))}
            </datalist>
          </label>
        </fieldset>

        {fileProblem || notice ? (
          <p role="alert" className="text-sm text-rose-700" data-testid="submit-problem">
            {fileProblem ?? notice}
          </p>
        ) : null}

        <button
          type="submit"
          disabled={busy || !file}
          className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
        >
          Submit
        </button>
      </form>

      <Progress phase={phase} />
      {phase.name === "importing" ? <ImportProgress job={phase.job} /> : null}
      <Outcome phase={phase} />
    </div>
  );
}

function Progress({ phase }: { phase: Phase }) {
  if (phase.name !== "uploading" && phase.name !== "validating") return null;
  const percent = phase.name === "uploading" ? Math.round(phase.fraction * 100) : null;
  return (
    <div className="space-y-1" data-testid="upload-progress">
      <div className="flex justify-between text-sm">
        <span>
          {phase.name === "uploading"
            ? "Uploading…"
            : "Validating the bundle and computing its metrics…"}
        </span>
        {percent !== null ? <span className="tabular-nums">{percent}%</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={phase.name === "uploading" ? "Upload" : "Validation"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? "validating" : undefined}
        data-phase={phase.name}
        className="h-2 overflow-hidden rounded bg-slate-200"
      >
        <div
          className={`h-full bg-indigo-600 ${percent === null ? "w-full animate-pulse" : "transition-[width]"}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function ImportProgress({ job }: { job: ImportView }) {
  const percent = jobPercent(job.progress);
  return (
    <div
      className="space-y-1"
      data-testid="import-progress"
      data-job-state={job.state}
      data-job-id={job.id}
      data-samples={job.progress.samples}
    >
      <div className="flex justify-between text-sm">
        <span>
          {job.state === "queued"
            ? `Uploaded; waiting for its turn to be imported (job ${job.id})…`
            : `Importing the bundle and computing its metrics (job ${job.id})…`}
        </span>
        <span className="tabular-nums">
          {job.state === "queued" ? "queued" : jobProgressText(job.progress)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Import"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={
          percent === null
            ? `${job.state}, ${plural(job.progress.samples, "sample")}`
            : `${percent}%, ${plural(job.progress.samples, "sample")}`
        }
        data-phase="importing"
        className="h-2 overflow-hidden rounded bg-slate-200"
      >
        <div
          className="h-full bg-indigo-600 transition-[width]"
          style={{ width: `${percent ?? 0}%` }}
        />
      </div>
      {job.trouble ? (
        <p role="status" className="text-xs text-amber-700" data-testid="import-trouble">
          {job.trouble}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">
        The import goes on if you leave this page, but the page cannot pick it up again; its status
        is at{" "}
        <a
          href={job.statusUrl}
          className="font-mono text-indigo-700 hover:underline"
          data-testid="import-status-url"
        >
          {job.statusUrl}
        </a>
        .
      </p>
    </div>
  );
}

function Outcome({ phase }: { phase: Phase }) {
  if (phase.name === "accepted") return <Accepted answer={phase.answer} />;
  if (phase.name === "failed") {
    return (
      <div
        role="alert"
        className="rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800"
        data-testid="submit-failed"
      >
        The upload failed: {phase.message}
      </div>
    );
  }
  if (phase.name !== "invalid") return null;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-rose-200 bg-rose-50 p-4"
      data-testid="bundle-errors"
    >
      <h2 className="font-semibold text-rose-800">
        The bundle was refused and nothing was imported —{" "}
        {plural(phase.errors.length + phase.moreErrors, "problem")}:
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-rose-700">
          <tr>
            <th className="py-1 pr-3">File</th>
            <th className="py-1 pr-3">Line</th>
            <th className="py-1 pr-3">Field</th>
            <th className="py-1">Message</th>
          </tr>
        </thead>
        <tbody>
          {phase.errors.map((error, i) => (
            <tr
              key={i}
              className="border-t border-rose-200 align-top"
              data-testid="bundle-error"
              data-file={error.file}
              data-line={error.line ?? ""}
              data-field={error.field ?? ""}
            >
              <td className="py-1 pr-3 font-mono text-xs">{error.file}</td>
              <td className="py-1 pr-3 tabular-nums">{error.line ?? "—"}</td>
              <td className="py-1 pr-3 font-mono text-xs">{error.field ?? "—"}</td>
              <td className="break-all py-1">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {phase.moreErrors > 0 && (
        <p className="text-sm text-rose-800" data-testid="bundle-errors-more">
          {moreErrorsLine(phase.moreErrors)}
        </p>
      )}
    </div>
  );
}

function Accepted({ answer }: { answer: SubmissionAnswer }) {
  return (
    <div
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
      data-testid="submission-accepted"
      data-id={answer.id}
      data-duplicate={answer.duplicate ? "1" : "0"}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">
          {answer.duplicate
            ? `Already received as submission #${answer.id}`
            : `Received as submission #${answer.id}`}
        </h2>
        <Badge
          tone={
            answer.status === "approved" ? "green" : answer.status === "rejected" ? "red" : "amber"
          }
        >
          {answer.status}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        {answer.model} · setting {answer.setting}
        {answer.agent ? ` · ${answer.agent}` : ""} · {plural(answer.samples, "sample")} of{" "}
        {plural(answer.tasks, "task")}.{" "}
        {answer.status === "pending"
          ? "It appears on the leaderboard once the admin approves it; until then only you and the admin can open it."
          : null}
      </p>
      {answer.figures ? (
        <dl className="grid gap-2 sm:grid-cols-5" data-testid="metrics-preview">
          {boardFiguresOf(answer.benchmark, answer.figures).map(({ figure, kind, primary }) => (
            <Figure key={figure.key} label={figure.label} primary={primary}>
              <FigureValue figure={figure} kind={kind} />
            </Figure>
          ))}
          <Figure label="Samples">
            <span className="tabular-nums">{answer.samples}</span>
          </Figure>
        </dl>
      ) : null}
      <Link
        href={`/s/${answer.id}`}
        className="inline-block text-sm font-medium text-indigo-700 hover:underline"
        data-testid="open-submission"
      >
        Open submission #{answer.id} →
      </Link>
    </div>
  );
}

/** One figure of the answer; the board's primary metric stands out. */
function Figure({
  label,
  primary = false,
  children,
}: {
  label: string;
  primary?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      className={`rounded border bg-white px-3 py-2 ${primary ? "border-emerald-500" : "border-emerald-200"}`}
      data-primary-metric={primary ? "1" : undefined}
    >
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  );
}
