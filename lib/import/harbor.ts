import "server-only";
/**
 * A Harbor job directory (https://github.com/harbor-framework/harbor), as Harbor writes it:
 *
 *   <job>/config.json, result.json       the job's JobConfig and JobResult
 *   <job>/<trial_name>/config.json       TrialConfig
 *   <job>/<trial_name>/result.json       TrialResult (src/harbor/models/trial/result.py)
 *   <job>/<trial_name>/agent/trajectory.json   the agent's ATIF trajectory, when it wrote one
 *   <job>/<trial_name>/verifier/reward.txt | reward.json   what the verifier wrote
 *   <job>/<trial_name>/exception.txt, trial.log, artifacts/
 *
 * Read synchronously, each trial's `result.json` parsed with zod. Only what a sample needs
 * is read; the trajectory is left to `parseAtifTrajectory`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { z } from "zod";
import { atifTime } from "../trajectory/atif";
import { bundleDir } from "./bundle";
import { BundleError, BundleErrorList, detailsFromZod } from "./errors";
import { readBundleText } from "./lines";

/** Python's `datetime` as pydantic writes it: ISO 8601, with or without an offset. */
const datetime = z.string().refine((value) => atifTime(value) !== null, "not an ISO 8601 time");

const timingSchema = z.looseObject({
  started_at: datetime.nullish(),
  finished_at: datetime.nullish(),
});

const rewardsSchema = z.record(z.string(), z.number());

/** The fields of Harbor's `TrialResult` read here; the others (`config`, `task_id`, …) are kept unread. */
const trialResultSchema = z.looseObject({
  task_name: z.string(),
  trial_name: z.string(),
  source: z.string().nullish(),
  agent_info: z.looseObject({
    name: z.string(),
    version: z.string(),
    model_info: z.looseObject({ name: z.string(), provider: z.string() }).nullish(),
  }),
  /** `AgentContext`: `n_input_tokens` counts cached tokens too, as ATIF's `prompt_tokens` does. */
  agent_result: z
    .looseObject({
      n_input_tokens: z.number().int().min(0).nullish(),
      n_cache_tokens: z.number().int().min(0).nullish(),
      n_output_tokens: z.number().int().min(0).nullish(),
      cost_usd: z.number().min(0).nullish(),
    })
    .nullish(),
  verifier_result: z.looseObject({ rewards: rewardsSchema.nullish() }).nullish(),
  exception_info: z
    .looseObject({
      exception_type: z.string(),
      exception_message: z.string(),
      exception_traceback: z.string().nullish(),
      occurred_at: datetime.nullish(),
    })
    .nullish(),
  started_at: datetime.nullish(),
  finished_at: datetime.nullish(),
  agent_execution: timingSchema.nullish(),
});

/** A trial's figures; each null when Harbor did not record it (never 0 for unknown). */
export interface HarborUsage {
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cost_usd: number | null;
  /** The agent's run (`agent_execution`), else the whole trial (`started_at` → `finished_at`). */
  seconds: number | null;
}

export interface HarborTrial {
  /** The trial's folder, relative to the bundle root. */
  dir: string;
  trialName: string;
  taskName: string;
  /** The dataset the task came from (`source`), when Harbor recorded one. */
  source: string | null;
  agent: { name: string; version: string; model: { name: string; provider: string } | null };
  /** `agent/trajectory.json` relative to the bundle root, or null when the agent wrote none. */
  trajectoryPath: string | null;
  /** Every reward the verifier gave, by name (a reward.txt gives one, `reward`). Null when it gave none. */
  rewards: ReadonlyMap<string, number> | null;
  /** `rewards.reward`, or the only reward when there is one under another name; else null. */
  reward: number | null;
  usage: HarborUsage;
  /** The exception that ended the trial, when one did. */
  exception: { type: string; message: string } | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * The trials of the Harbor job folder `jobDir` (named in the manifest under `fieldName`,
 * relative to the bundle `root`), ordered by folder name. A folder counts as a trial as
 * Harbor counts one: it holds `config.json` or `result.json`. A trial without
 * `result.json` never finished (Harbor discards it when a job resumes): refused, naming it.
 */
export function readHarborJob(root: string, jobDir: string, fieldName: string): HarborTrial[] {
  const job = bundleDir(root, jobDir, fieldName);
  const names = readdirSync(job, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() &&
        (isFile(join(job, entry.name, "result.json")) ||
          isFile(join(job, entry.name, "config.json"))),
    )
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0)
    throw BundleError.at(
      "manifest.json",
      null,
      fieldName,
      `${jobDir} holds no Harbor trial folders (folders with result.json)`,
    );
  // Every trial that cannot be read is reported, not only the first.
  const errors = new BundleErrorList();
  const trials = names.flatMap(
    (name) => errors.checkSync(() => readTrial(root, join(job, name))) ?? [],
  );
  errors.throwIfAny();
  return trials;
}

function readTrial(root: string, dir: string): HarborTrial {
  const shown = (path: string) => relative(root, path).split(sep).join("/");
  const resultPath = join(dir, "result.json");
  if (!isFile(resultPath))
    throw BundleError.at(shown(dir), null, null, "the trial has no result.json: it never finished");
  const resultFile = shown(resultPath);
  const result = parseJsonFile(resultPath, resultFile, trialResultSchema);

  const trajectory = join(dir, "agent", "trajectory.json");
  const rewards =
    result.verifier_result?.rewards ??
    (result.verifier_result == null && result.exception_info == null
      ? rewardFile(dir, shown)
      : null);
  const agentResult = result.agent_result;
  const exception = result.exception_info;
  return {
    dir: shown(dir),
    trialName: result.trial_name,
    taskName: result.task_name,
    source: result.source ?? null,
    agent: {
      name: result.agent_info.name,
      version: result.agent_info.version,
      model: result.agent_info.model_info
        ? {
            name: result.agent_info.model_info.name,
            provider: result.agent_info.model_info.provider,
          }
        : null,
    },
    trajectoryPath: isFile(trajectory) ? shown(trajectory) : null,
    rewards: rewards ? new Map(Object.entries(rewards)) : null,
    reward: rewards ? mainReward(rewards) : null,
    usage: {
      prompt_tokens: agentResult?.n_input_tokens ?? null,
      completion_tokens: agentResult?.n_output_tokens ?? null,
      cost_usd: agentResult?.cost_usd ?? null,
      seconds:
        secondsBetween(result.agent_execution?.started_at, result.agent_execution?.finished_at) ??
        secondsBetween(result.started_at, result.finished_at),
    },
    exception: exception
      ? { type: exception.exception_type, message: exception.exception_message }
      : null,
    startedAt: result.started_at ?? null,
    finishedAt: result.finished_at ?? null,
  };
}

function mainReward(rewards: Record<string, number>): number | null {
  if (Object.hasOwn(rewards, "reward")) return rewards.reward;
  const values = Object.values(rewards);
  return values.length === 1 ? values[0] : null;
}

/**
 * The rewards the verifier wrote, as Harbor reads them (`Verifier.verify`): reward.txt, a
 * number, first; else reward.json, names to numbers. For a trial whose result.json holds
 * no verifier result and no exception; null when neither file is there.
 */
function rewardFile(dir: string, shown: (path: string) => string): Record<string, number> | null {
  const text = join(dir, "verifier", "reward.txt");
  if (isFile(text)) {
    const raw = readBundleText(text, shown(text)).trim();
    const value = Number(raw);
    if (raw === "" || !Number.isFinite(value))
      throw BundleError.at(
        shown(text),
        null,
        null,
        `the reward is not a number: ${JSON.stringify(raw.slice(0, 40))}`,
      );
    return { reward: value };
  }
  const json = join(dir, "verifier", "reward.json");
  return isFile(json) ? parseJsonFile(json, shown(json), rewardsSchema) : null;
}

function parseJsonFile<T>(path: string, file: string, schema: z.ZodType<T>): T {
  const text = readBundleText(path, file, { json: true });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw BundleError.at(file, null, null, `invalid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(detailsFromZod(file, null, parsed.error, [], { schema, input: value }));
  return parsed.data;
}

function secondsBetween(
  start: string | null | undefined,
  end: string | null | undefined,
): number | null {
  const from = start == null ? null : atifTime(start);
  const to = end == null ? null : atifTime(end);
  return from && to && to.seconds >= from.seconds ? to.seconds - from.seconds : null;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
