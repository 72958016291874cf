/** The JSON answers of `POST /api/submissions`, shared by the route, the upload page and the CLI. */
import type { Check } from "../standing/rules";

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

/** 400: every problem found; nothing was imported. */
export interface InvalidAnswer {
  errors: ErrorDetail[];
}

/** 401, 403, 404, 409, 413, 429. */
export interface ErrorAnswer {
  error: string;
}
