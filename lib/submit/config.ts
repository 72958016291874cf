/** Upload limits, from the environment at each request so an operator's change needs no rebuild. */
const MiB = 1024 ** 2;

export interface SubmitConfig {
  /** Largest request body (the uploaded file plus form overhead). */
  maxUploadBytes: number;
  /** Total bytes an uploaded archive may expand to. */
  maxUnpackedBytes: number;
  /** Files and folders an uploaded archive may hold. */
  maxFiles: number;
  /** Wall time, in milliseconds, unpacking an uploaded archive may take. */
  maxUnpackMs: number;
  /** Wall time, in milliseconds, the worker may spend importing one upload's records. */
  maxImportMs: number;
  /** Longest JSONL record. */
  maxLineBytes: number;
  /** Uploads per token in any sliding hour. */
  uploadsPerHour: number;
}

export const SUBMIT_DEFAULTS: SubmitConfig = {
  maxUploadBytes: 200 * MiB,
  maxUnpackedBytes: 1024 * MiB,
  maxFiles: 1000,
  maxUnpackMs: 60_000,
  maxImportMs: 600_000,
  maxLineBytes: 64 * MiB,
  uploadsPerHour: 30,
};

const VARIABLES: Record<keyof SubmitConfig, string> = {
  maxUploadBytes: "SEEKBOARD_MAX_UPLOAD_BYTES",
  maxUnpackedBytes: "SEEKBOARD_MAX_UNPACKED_BYTES",
  maxFiles: "SEEKBOARD_MAX_FILES",
  maxUnpackMs: "SEEKBOARD_MAX_UNPACK_MS",
  maxImportMs: "SEEKBOARD_MAX_IMPORT_MS",
  maxLineBytes: "SEEKBOARD_MAX_LINE_BYTES",
  uploadsPerHour: "SEEKBOARD_UPLOADS_PER_HOUR",
};

/** A misconfigured limit is an error, never silently the default. */
export function submitConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): SubmitConfig {
  const config = { ...SUBMIT_DEFAULTS };
  for (const key of Object.keys(VARIABLES) as (keyof SubmitConfig)[]) {
    const raw = env[VARIABLES[key]]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`${VARIABLES[key]} must be a positive whole number, got "${raw}"`);
    config[key] = value;
  }
  return config;
}

/** How long an upload request waits for its import before answering 202 with the job (0: never waits). */
export const DEFAULT_UPLOAD_WAIT_MS = 5000;

export function uploadWaitMsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SEEKBOARD_UPLOAD_WAIT_MS?.trim();
  if (!raw) return DEFAULT_UPLOAD_WAIT_MS;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(
      `SEEKBOARD_UPLOAD_WAIT_MS must be a whole number of milliseconds, got "${raw}"`,
    );
  return value;
}
