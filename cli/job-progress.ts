/**
 * `cli submit`'s progress while it follows an import job, on stderr: one bar redrawn in
 * place on a terminal; otherwise (a log, a CI job) a line when the state changes and at
 * most one every LOG_EVERY_MS while it runs, never one per poll.
 */
import type { JobReporter } from "./submit";
import type { JobState } from "../lib/submit/answer";
import { jobPercent, jobProgressText } from "../lib/submit/job-follow";

/** What the reporter writes to; process.stderr in the CLI. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const LOG_EVERY_MS = 15_000;
const BAR_CELLS = 20;

const LABEL: Record<JobState, string> = {
  queued: "Queued",
  running: "Importing",
  done: "Imported",
  failed: "Failed",
};

export function progressBar(percent: number | null): string {
  const filled = percent === null ? 0 : Math.round((percent / 100) * BAR_CELLS);
  return `▕${"█".repeat(filled)}${"░".repeat(BAR_CELLS - filled)}▏`;
}

export function jobReporter(stream: ProgressStream, now: () => number = Date.now): JobReporter {
  let drawn = false;
  let lastState: JobState | null = null;
  let lastLineAt = 0;
  let lastText = "";
  return {
    started(job, statusUrl) {
      stream.write(
        `The server is importing the bundle as job ${job.jobId}; its status: ${statusUrl.href}\n`,
      );
    },
    update(job) {
      const detail =
        job.state === "queued" ? "waiting for the worker" : jobProgressText(job.progress);
      if (stream.isTTY) {
        const line = `${LABEL[job.state]} ${progressBar(jobPercent(job.progress))} ${detail}`;
        // A line longer than the terminal wraps, and \r would then redraw only its tail.
        stream.write(`\r${stream.columns ? line.slice(0, stream.columns - 1) : line}\x1b[K`);
        drawn = true;
        return;
      }
      const text = `${LABEL[job.state]} (job ${job.id}) · ${detail}`;
      const due = now() - lastLineAt >= LOG_EVERY_MS && text !== lastText;
      if (job.state !== lastState || due) {
        stream.write(`${text}\n`);
        lastState = job.state;
        lastLineAt = now();
        lastText = text;
      }
    },
    end() {
      if (drawn) stream.write("\n");
      drawn = false;
    },
  };
}
