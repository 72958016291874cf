/**
 * The client side of an upload that outlived its request: the 202 answer of
 * `POST /api/submissions`, the states of `GET /api/jobs/{id}`, and how their progress
 * reads. Shared by the upload page and `cli submit`; pure.
 */
import { z } from "zod";
import { plural } from "@/lib/format";
import { errorDetailSchema, jobProgressSchema, jobStateSchema, type JobProgress } from "./answer";

/** An absolute path on the site ("/api/jobs/7"), never another host ("//evil") or a script URL. */
const sitePath = z.string().regex(/^\/(?![/\\])\S*$/, "an absolute path on the site");

/** 202: the upload is stored and queued; follow `statusUrl`. */
export const jobAcceptedSchema = z.object({
  jobId: z.number().int().positive(),
  statusUrl: sitePath,
  state: z.enum(["queued", "running"]),
  progress: jobProgressSchema,
});
export type JobAccepted = z.infer<typeof jobAcceptedSchema>;

/**
 * `GET /api/jobs/{id}`. `result` stays unparsed here: the CLI prints it as the server
 * wrote it (exactly what a 201/200 prints); the page parses it with `submissionAnswerSchema`.
 */
export const jobStatusSchema = z.object({
  id: z.number().int().positive(),
  state: jobStateSchema,
  progress: jobProgressSchema,
  result: z.unknown().nullable(),
  errors: z.array(errorDetailSchema).nullable(),
  // A server from before the count answers none.
  moreErrors: z.number().int().nonnegative().default(0),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** Percent of the bundle's bytes read, or null while its size is unknown. */
export function jobPercent(progress: JobProgress): number | null {
  if (progress.total === null) return null;
  if (progress.total === 0) return 100;
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}

function mebibytes(bytes: number): string {
  return (bytes / 1024 ** 2).toLocaleString("en-US", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** "45% · 12.3 of 27.1 MiB · 7,200 samples" (before the size is known: "0.4 MiB read · 0 samples"). */
export function jobProgressText(progress: JobProgress): string {
  const percent = jobPercent(progress);
  const bytes =
    progress.total === null
      ? `${mebibytes(progress.done)} MiB read`
      : `${percent}% · ${mebibytes(progress.done)} of ${mebibytes(progress.total)} MiB`;
  return `${bytes} · ${plural(progress.samples, "sample")}`;
}
