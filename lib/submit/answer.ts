/** The JSON answers of `POST /api/submissions` and `GET /api/jobs/{id}`, shared by the routes, the upload page and the CLI. */
import { z } from "zod";
import { dataRecord } from "../data-record";
import { intervalSchema } from "../benchmarks/board";
import type { SubmissionFigure } from "../benchmarks/figures";
import { CHECK_RULES, type Check } from "../standing/rules";

/** Overall figures of a submission, as the uploader and the moderator first see them. */
export interface MetricsPreview {
  n: number;
  pass1: number | null;
  pass1Ci: [number, number] | null;
  fcr: number | null;
  fcrCi: [number, number] | null;
  hitRate: number | null;
  hitRateCi: [number, number] | null;
  toolCalls: number | null;
  /** Benchmark-specific figures beyond these (e.g. WideSearch), as stored. */
  extra: Record<string, unknown> | null;
}

/** 201 (a new submission) and 200 (`duplicate: true`, the bundle was already received). */
export interface SubmissionAnswer {
  id: number;
  status: "pending" | "approved" | "rejected";
  duplicate: boolean;
  benchmark: string;
  model: string;
  agent: string | null;
  setting: string;
  samples: number;
  tasks: number;
  metrics: MetricsPreview | null;
  /** Its board's columns with its overall figures (each `ci` a 95% interval); null until it has any. */
  figures: SubmissionFigure[] | null;
  /** The submission's page, visible to its uploader while pending. */
  url: string;
  /** Checked against its benchmark's submission rules on arrival: passes them all, and each rule. */
  verified: boolean;
  checks: Check[];
}

export interface ErrorDetail {
  file: string;
  line: number | null;
  field: string | null;
  message: string;
}

/** 400: every problem found (the first 100), and how many more there were; nothing was imported. */
export interface InvalidAnswer {
  errors: ErrorDetail[];
  moreErrors: number;
}

/** 401, 403, 404, 409, 413, 429. */
export interface ErrorAnswer {
  error: string;
}

export const jobStateSchema = z.enum(["queued", "running", "done", "failed"]);
export type JobState = z.infer<typeof jobStateSchema>;

/** How far a job's import is. */
export const jobProgressSchema = z.object({
  /** Bytes of the bundle read so far. */
  done: z.number().nonnegative(),
  /** Bytes in all; null until the worker has opened the bundle. */
  total: z.number().nonnegative().nullable(),
  /** Samples written so far. */
  samples: z.number().int().nonnegative(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/**
 * 202 `{jobId, statusUrl, state, progress}` from the upload; `GET /api/jobs/{id}` then
 * answers this: `result` once done (the 201/200 body), `errors` once failed (the 400's).
 */
export interface UploadJobAnswer {
  id: number;
  state: JobState;
  progress: JobProgress;
  result: SubmissionAnswer | null;
  errors: ErrorDetail[] | null;
  /** Problems found past `errors` (which stops at 100); 0 unless failed. */
  moreErrors: number;
}

const interval = z.tuple([z.number(), z.number()]).nullable();

/** Answers stored with a job are parsed on the way back, like any JSON column. */
export const submissionAnswerSchema: z.ZodType<SubmissionAnswer> = z.object({
  id: z.number(),
  status: z.enum(["pending", "approved", "rejected"]),
  duplicate: z.boolean(),
  benchmark: z.string(),
  model: z.string(),
  agent: z.string().nullable(),
  setting: z.string(),
  samples: z.number(),
  tasks: z.number(),
  metrics: z
    .object({
      n: z.number(),
      pass1: z.number().nullable(),
      pass1Ci: interval,
      fcr: z.number().nullable(),
      fcrCi: interval,
      hitRate: z.number().nullable(),
      hitRateCi: interval,
      toolCalls: z.number().nullable(),
      extra: dataRecord(z.unknown()).nullable(),
    })
    .nullable(),
  // Answers stored before the figures were part of them read as having none.
  figures: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        value: z.number().nullable(),
        ci: intervalSchema.nullable(),
      }),
    )
    .nullable()
    .default(null),
  url: z.string(),
  verified: z.boolean(),
  checks: z.array(z.object({ rule: z.enum(CHECK_RULES), ok: z.boolean(), detail: z.string() })),
});

export const errorDetailSchema: z.ZodType<ErrorDetail> = z.object({
  file: z.string(),
  line: z.number().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export const errorDetailsSchema = z.array(errorDetailSchema);

/** A 400's body as a client reads it: a server from before the count answers none. */
export const invalidAnswerSchema: z.ZodType<InvalidAnswer, unknown> = z.object({
  errors: errorDetailsSchema,
  moreErrors: z.number().int().nonnegative().default(0),
});

/** A failed job's problems as they are stored: the details, and how many more were found past them. */
export interface JobErrors {
  errors: ErrorDetail[];
  moreErrors: number;
}

/** A job's stored errors; rows written before the count was kept hold the details alone. */
export const jobErrorsSchema: z.ZodType<JobErrors, unknown> = z.union([
  errorDetailsSchema.transform((errors) => ({ errors, moreErrors: 0 })),
  z.object({ errors: errorDetailsSchema, moreErrors: z.number().int().nonnegative() }),
]);
