/**
 * ATIF, the Agent Trajectory Interchange Format of Harbor / Terminal-Bench (RFC 0001,
 * `rfcs/0001-trajectory-format.md`, and its pydantic models in
 * `src/harbor/models/trajectories/`), versions ATIF-v1.0 … ATIF-v1.7: read, checked, and
 * turned into the Seekboard format's `messages` (OpenAI chat messages with per-message
 * `usage` and `timestamp`), so a trajectory reaches the viewer through `stepsFromMessages`.
 *
 * Objects are strict, as in Harbor's models (`extra: "forbid"`): custom data belongs in the
 * `extra` objects the spec gives every level, which are kept verbatim.
 */
import { z } from "zod";
import { BundleError, detailsFromZod, type BundleErrorDetail } from "../import/errors";

export const ATIF_VERSIONS = [
  "ATIF-v1.0",
  "ATIF-v1.1",
  "ATIF-v1.2",
  "ATIF-v1.3",
  "ATIF-v1.4",
  "ATIF-v1.5",
  "ATIF-v1.6",
  "ATIF-v1.7",
] as const;
export type AtifVersion = (typeof ATIF_VERSIONS)[number];

const extra = z.record(z.string(), z.unknown()).nullish();
const tokens = z.number().int().min(0).nullish();
const dollars = z.number().min(0).nullish();

/**
 * ISO 8601 as Python's `datetime.fromisoformat` reads it (Harbor's check): a date, an
 * optional time (`T` or space), an optional `Z` or offset.
 */
const ISO_8601 =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2})?(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const timestamp = z
  .string()
  .refine((value) => atifTime(value) !== null, "not an ISO 8601 timestamp")
  .nullish();

const imageSourceSchema = z.strictObject({
  media_type: z.enum(["image/jpeg", "image/png", "image/gif", "image/webp"]),
  path: z.string(),
});

/** v1.6+: a message or an observation's content may be a list of text and image parts. */
const contentPartSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({ type: z.literal("image"), source: imageSourceSchema }),
]);
const contentSchema = z.union([z.string(), z.array(contentPartSchema)]);

const toolCallSchema = z.strictObject({
  tool_call_id: z.string(),
  function_name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  extra, // v1.7
});

/**
 * Until v1.6 `session_id` was required and the ref's key; v1.7 adds `trajectory_id`
 * (embedded subagents) and needs it or `trajectory_path`. Checked per version in `check`.
 */
const subagentRefSchema = z.strictObject({
  session_id: z.string().nullish(),
  trajectory_id: z.string().nullish(),
  trajectory_path: z.string().nullish(),
  extra,
});

const observationResultSchema = z.strictObject({
  /** A `tool_call_id` of the same step's `tool_calls`; absent for actions that are no tool call. */
  source_call_id: z.string().nullish(),
  content: contentSchema.nullish(),
  subagent_trajectory_ref: z.array(subagentRefSchema).nullish(),
  extra, // v1.7
});

const metricsSchema = z.strictObject({
  /** All input tokens, cached ones included (v1.2 made this explicit). */
  prompt_tokens: tokens,
  completion_tokens: tokens,
  cached_tokens: tokens,
  cost_usd: dollars,
  prompt_token_ids: z.array(z.number().int()).nullish(), // v1.4
  completion_token_ids: z.array(z.number().int()).nullish(), // v1.3
  logprobs: z.array(z.number()).nullish(),
  extra,
});

const stepSchema = z.strictObject({
  step_id: z.number().int().min(1),
  timestamp,
  source: z.enum(["system", "user", "agent"]),
  model_name: z.string().nullish(),
  reasoning_effort: z.union([z.string(), z.number()]).nullish(),
  message: contentSchema,
  reasoning_content: z.string().nullish(),
  tool_calls: z.array(toolCallSchema).nullish(),
  observation: z.strictObject({ results: z.array(observationResultSchema) }).nullish(),
  metrics: metricsSchema.nullish(),
  is_copied_context: z.boolean().nullish(), // v1.5
  llm_call_count: z.number().int().min(0).nullish(), // v1.7
  extra,
});

const agentSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  model_name: z.string().nullish(),
  tool_definitions: z.array(z.record(z.string(), z.unknown())).nullish(), // v1.5
  extra,
});

const finalMetricsSchema = z.strictObject({
  total_prompt_tokens: tokens,
  total_completion_tokens: tokens,
  total_cached_tokens: tokens,
  total_cost_usd: dollars,
  total_steps: z.number().int().min(0).nullish(),
  extra,
});

export const atifTrajectorySchema = z.strictObject({
  schema_version: z.enum(ATIF_VERSIONS),
  /** Required until v1.6; optional from v1.7 (run-scoped, may be shared). Checked in `check`. */
  session_id: z.string().nullish(),
  trajectory_id: z.string().nullish(), // v1.7
  agent: agentSchema,
  steps: z.array(stepSchema).min(1, "a trajectory has at least one step"),
  notes: z.string().nullish(),
  final_metrics: finalMetricsSchema.nullish(),
  continued_trajectory_ref: z.string().nullish(),
  extra, // v1.1
  /** v1.7: subagents embedded in this file, each with its own `trajectory_id`. */
  get subagent_trajectories() {
    return z.array(atifTrajectorySchema).nullish();
  },
});

export type AtifTrajectory = z.infer<typeof atifTrajectorySchema>;
export type AtifStep = AtifTrajectory["steps"][number];
export type AtifContent = AtifStep["message"];

/**
 * An ATIF trajectory, checked as Harbor checks it, or a `BundleError` naming each bad
 * field: under `prefix` (e.g. `["trajectory"]` for one inside a results line) in `file`.
 */
export function parseAtifTrajectory(
  value: unknown,
  file: string,
  line: number | null = null,
  prefix: readonly string[] = [],
): AtifTrajectory {
  const versionError = schemaVersionProblem(value);
  if (versionError)
    throw BundleError.at(file, line, [...prefix, "schema_version"].join("."), versionError);
  const parsed = atifTrajectorySchema.safeParse(value);
  if (!parsed.success) throw new BundleError(detailsFromZod(file, line, parsed.error, prefix));
  const details: BundleErrorDetail[] = [];
  check(parsed.data, (path, message) =>
    details.push({ file, line, field: [...prefix, ...path].join("."), message }),
  );
  if (details.length) throw new BundleError(details);
  return parsed.data;
}

/** Why a `schema_version` is not one this reader knows, with the versions it does read; null when it is one (or for zod to report). */
function schemaVersionProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null || !("schema_version" in value)) return null;
  const version = value.schema_version;
  if (typeof version !== "string" || (ATIF_VERSIONS as readonly string[]).includes(version))
    return null;
  const read = `reads ${ATIF_VERSIONS[0]} … ${ATIF_VERSIONS[ATIF_VERSIONS.length - 1]}`;
  const match = /^ATIF-v(\d+)\.(\d+)$/.exec(version);
  if (!match) return `${JSON.stringify(version)} is not an ATIF version (Seekboard ${read})`;
  if (match[1] !== "1")
    return `ATIF major version ${match[1]} (${version}) is not one Seekboard reads; it ${read}`;
  return `${version} is newer than the ATIF versions Seekboard reads (it ${read})`;
}

const minorOf = (version: AtifVersion) => Number(version.slice("ATIF-v1.".length));

/** The rules Harbor's models check beyond types (and the RFC's per-version ones). */
function check(
  trajectory: AtifTrajectory,
  fail: (path: (string | number)[], message: string) => void,
  at: (string | number)[] = [],
): void {
  const v17 = minorOf(trajectory.schema_version) >= 7;
  if (!v17 && trajectory.session_id == null)
    fail(
      [...at, "session_id"],
      `session_id is required before ATIF-v1.7 (this is ${trajectory.schema_version})`,
    );
  trajectory.steps.forEach((step, i) => {
    const stepAt = [...at, "steps", i];
    if (step.step_id !== i + 1)
      fail(
        [...stepAt, "step_id"],
        `expected ${i + 1} (step ids run 1, 2, … in order), got ${step.step_id}`,
      );
    if (step.source !== "agent") {
      for (const field of [
        "model_name",
        "reasoning_effort",
        "reasoning_content",
        "tool_calls",
        "metrics",
      ] as const) {
        if (step[field] != null)
          fail(
            [...stepAt, field],
            `only an agent step has ${field}; this step's source is ${step.source}`,
          );
      }
    }
    const callIds = new Set((step.tool_calls ?? []).map((call) => call.tool_call_id));
    step.observation?.results.forEach((result, j) => {
      const resultAt = [...stepAt, "observation", "results", j];
      if (result.source_call_id != null && !callIds.has(result.source_call_id)) {
        const calls = callIds.size
          ? `its calls are ${[...callIds].join(", ")}`
          : "it has no tool calls";
        fail(
          [...resultAt, "source_call_id"],
          `${result.source_call_id} names no tool call of step ${step.step_id} (${calls})`,
        );
      }
      result.subagent_trajectory_ref?.forEach((ref, k) => {
        const refAt = [...resultAt, "subagent_trajectory_ref", k];
        if (v17 && ref.trajectory_id == null && ref.trajectory_path == null) {
          fail(
            refAt,
            "a subagent reference needs trajectory_id or trajectory_path from ATIF-v1.7 on",
          );
        } else if (!v17 && ref.session_id == null) {
          fail(
            [...refAt, "session_id"],
            `session_id is required on a subagent reference before ATIF-v1.7 (this is ${trajectory.schema_version})`,
          );
        }
      });
    });
  });
  const seen = new Set<string>();
  trajectory.subagent_trajectories?.forEach((subagent, k) => {
    const subAt = [...at, "subagent_trajectories", k];
    if (subagent.trajectory_id == null)
      fail([...subAt, "trajectory_id"], "an embedded subagent trajectory needs a trajectory_id");
    else if (seen.has(subagent.trajectory_id))
      fail(
        [...subAt, "trajectory_id"],
        `${subagent.trajectory_id} is used by an earlier embedded subagent`,
      );
    else seen.add(subagent.trajectory_id);
    check(subagent, fail, subAt);
  });
}

/**
 * A timestamp as Unix seconds and as ISO 8601 with an offset (what a Seekboard message's
 * `timestamp` takes); null when it is not ISO 8601. One without an offset is read as UTC.
 */
export function atifTime(value: string): { iso: string; seconds: number } | null {
  const match = ISO_8601.exec(value);
  if (!match) return null;
  const [, date, minutes = "00:00", seconds = ":00", fraction, zone = "Z"] = match;
  // Spelled the one way `messageTimestampSchema` takes: seconds given, the offset as ±hh:mm.
  const offset =
    zone === "Z" ? zone : `${zone.slice(0, 3)}:${zone.slice(3).replace(":", "") || "00"}`;
  const iso = `${date}T${minutes}${seconds}${fraction ? `.${fraction}` : ""}${offset}`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : { iso, seconds: ms / 1000 };
}

// ---------------------------------------------------------------- to messages

/** A completion's figures on a message, as `messageUsageSchema` reads them. */
export interface ChatMessageUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  cost_usd?: number;
  /** ATIF's `cached_tokens`, where OpenAI reports it (a subset of `prompt_tokens`). */
  prompt_tokens_details?: { cached_tokens: number };
}

/** One message of a Seekboard-format line's `messages` (`messageSchema`). */
export interface ChatMessageLine {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  reasoning_content?: string;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  usage?: ChatMessageUsage;
  timestamp?: string;
  /** ATIF's references to delegated subagents, verbatim, on the result that carries them. */
  subagent_trajectory_ref?: NonNullable<
    NonNullable<AtifStep["observation"]>["results"][number]["subagent_trajectory_ref"]
  >;
  /** The step was copied from an earlier trajectory for context (v1.5). */
  is_copied_context?: true;
}

/** A run's figures; each null when the trajectory does not report it (never 0 for unknown). */
export interface AtifUsage {
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cost_usd: number | null;
  seconds: number | null;
}

export interface AtifSubagentReference {
  /** The `step_id` of the step whose observation holds the reference. */
  stepId: number;
  /** The tool call the result answers (`source_call_id`), when it names one. */
  callId: string | null;
  /** Run identity: informational only from v1.7, the reference's key before. */
  sessionId: string | null;
  /** v1.7: matches the `trajectory_id` of an entry of the root's `subagent_trajectories`. */
  trajectoryId: string | null;
  /** A file (path, URL, …) holding the subagent's trajectory. */
  trajectoryPath: string | null;
}

export interface AtifMessages {
  messages: ChatMessageLine[];
  usage: AtifUsage;
  references: { subagents: AtifSubagentReference[]; continued: string | null };
}

/** Text of a message or result: text parts as they are, an image part as `[image: <path>]`. */
export function atifText(content: AtifContent | null | undefined): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  return content
    .map((part) => (part.type === "text" ? part.text : `[image: ${part.source.path}]`))
    .join("\n");
}

/**
 * The trajectory as Seekboard-format messages: system and user steps as such; an agent
 * step as one assistant message (its reasoning, tool calls, metrics and time) followed by
 * one `tool` message per observation result, tied by `tool_call_id` when the result names
 * its call. A result of a system or user step (v1.2+: delegation, context management) is
 * a message of that step's role. Embedded subagents stay in `subagent_trajectories`.
 */
export function atifToMessages(trajectory: AtifTrajectory): AtifMessages {
  const messages: ChatMessageLine[] = [];
  const subagents: AtifSubagentReference[] = [];
  for (const step of trajectory.steps) {
    const copied = step.is_copied_context === true ? { is_copied_context: true as const } : {};
    const time = step.timestamp == null ? null : atifTime(step.timestamp);
    const when = time ? { timestamp: time.iso } : {};
    const role = step.source === "agent" ? "assistant" : step.source;
    if (step.source === "agent") {
      const usage = messageUsage(step.metrics);
      messages.push({
        role,
        content: atifText(step.message),
        ...(step.reasoning_content != null ? { reasoning_content: step.reasoning_content } : {}),
        ...(step.tool_calls?.length
          ? {
              tool_calls: step.tool_calls.map((call) => ({
                id: call.tool_call_id,
                type: "function" as const,
                function: { name: call.function_name, arguments: JSON.stringify(call.arguments) },
              })),
            }
          : {}),
        ...(usage ? { usage } : {}),
        ...when,
        ...copied,
      });
    } else {
      messages.push({ role, content: atifText(step.message), ...when, ...copied });
    }
    for (const result of step.observation?.results ?? []) {
      const refs = result.subagent_trajectory_ref?.length
        ? { subagent_trajectory_ref: result.subagent_trajectory_ref }
        : {};
      messages.push({
        role: step.source === "agent" ? "tool" : role,
        ...(step.source === "agent" && result.source_call_id != null
          ? { tool_call_id: result.source_call_id }
          : {}),
        content: atifText(result.content),
        ...refs,
        ...copied,
      });
      for (const ref of result.subagent_trajectory_ref ?? []) {
        subagents.push({
          stepId: step.step_id,
          callId: result.source_call_id ?? null,
          sessionId: ref.session_id ?? null,
          trajectoryId: ref.trajectory_id ?? null,
          trajectoryPath: ref.trajectory_path ?? null,
        });
      }
    }
  }
  return {
    messages,
    usage: runUsage(trajectory),
    references: { subagents, continued: trajectory.continued_trajectory_ref ?? null },
  };
}

function messageUsage(metrics: AtifStep["metrics"]): ChatMessageUsage | null {
  if (metrics == null) return null;
  const usage: ChatMessageUsage = {};
  if (metrics.prompt_tokens != null) usage.prompt_tokens = metrics.prompt_tokens;
  if (metrics.completion_tokens != null) usage.completion_tokens = metrics.completion_tokens;
  if (metrics.cost_usd != null) usage.cost_usd = metrics.cost_usd;
  if (metrics.cached_tokens != null)
    usage.prompt_tokens_details = { cached_tokens: metrics.cached_tokens };
  return Object.keys(usage).length ? usage : null;
}

/**
 * The run's figures: `final_metrics` where it gives them, else the sum over the agent
 * steps that ran here (not copied from an earlier trajectory, not a no-LLM dispatch),
 * only when every one of them reports the figure, so a partial sum never passes for the
 * total. Seconds: from the first step's timestamp to the last's (copied steps left out).
 */
function runUsage(trajectory: AtifTrajectory): AtifUsage {
  const own = trajectory.steps.filter((step) => step.is_copied_context !== true);
  const llmSteps = own.filter((step) => step.source === "agent" && step.llm_call_count !== 0);
  const sum = (figure: "prompt_tokens" | "completion_tokens" | "cost_usd"): number | null => {
    if (llmSteps.length === 0) return null;
    let total = 0;
    for (const step of llmSteps) {
      const value = step.metrics?.[figure];
      if (value == null) return null;
      total += value;
    }
    return total;
  };
  const final = trajectory.final_metrics;
  const first = own[0]?.timestamp;
  const last = own[own.length - 1]?.timestamp;
  const start = first == null ? null : atifTime(first);
  const end = last == null ? null : atifTime(last);
  return {
    prompt_tokens: final?.total_prompt_tokens ?? sum("prompt_tokens"),
    completion_tokens: final?.total_completion_tokens ?? sum("completion_tokens"),
    cost_usd: final?.total_cost_usd ?? sum("cost_usd"),
    seconds: start && end && end.seconds >= start.seconds ? end.seconds - start.seconds : null,
  };
}
