import "server-only";
/**
 * A Harbor job directory for a Seekboard-format benchmark (docs/bundle-format.md, "Harbor
 * jobs"): `{"benchmark", "format": "harbor", "job": "<folder>"}`. Each trial is one sample:
 * its ATIF trajectory as the messages (lib/bundle-format/atif-line.ts), its verifier's
 * reward as the verdict, its token and cost figures, its exception as the status.
 */
import { join } from "node:path";
import { z } from "zod";
import { BundleError } from "../import/errors";
import { readHarborJob, type HarborTrial } from "../import/harbor";
import {
  judgeModelField,
  readEveryRecord,
  RunCounter,
  type BundleContext,
  type BundleImporter,
  type ManifestBundle,
} from "../import/importer";
import { resolveAtifLine } from "./atif-line";
import {
  SeekboardRowWriter,
  type SeekboardImporterSpec,
  type SeekboardManifestFields,
} from "./row-writer";
import { parseConverted, seekboardManifestOf } from "./inspect-bundle";
import type { SeekboardBenchmark } from "./sample";

export const HARBOR_FORMAT = "harbor" as const;

const optionalText = z.string().trim().min(1).optional();

export const harborManifestSchema = z.strictObject({
  benchmark: z.string(),
  format: z.literal(HARBOR_FORMAT),
  job: z.string().min(1).default(".").meta({
    description:
      "The job folder (one sub-folder per trial), relative to the manifest; default the manifest's own folder.",
  }),
  model: optionalText.meta({
    description: "The model evaluated; default: the model the trials' agent ran.",
  }),
  agent: optionalText,
  setting: optionalText,
  benchmarkVersion: optionalText,
  dataset: optionalText.meta({
    description:
      "For benchmarks that name a dataset (qa); default: the dataset the trials name (`source`).",
  }),
  benchmarkFields: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: "The benchmark's own fields for every sample." }),
  judgeModel: judgeModelField,
});

/** The one value every trial gives, else undefined. */
function common(values: readonly (string | null | undefined)[]): string | undefined {
  const distinct = new Set(values.filter((v): v is string => typeof v === "string" && v !== ""));
  return distinct.size === 1 ? [...distinct][0] : undefined;
}

/** A reward as a verdict: 1 (or more) correct, 0 or less incorrect, between them partial (not correct); none: unjudged. */
function verdictOf(reward: number | null): {
  verdict: "correct" | "incorrect" | null;
  label: string | null;
} {
  if (reward === null) return { verdict: null, label: null };
  return {
    verdict: reward >= 1 ? "correct" : "incorrect",
    label: reward > 0 && reward < 1 ? `partial (${reward})` : String(reward),
  };
}

const messagesSchema = z.object({
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })),
});

function textOf(content: unknown): string {
  return typeof content === "string" ? content : "";
}

/** A trial as a Seekboard-format line, its trajectory resolved. */
function trialLine(
  trial: HarborTrial,
  root: string,
  taskId: string,
  run: number,
  benchmarkFields: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const usage = Object.fromEntries(Object.entries(trial.usage).filter(([, n]) => n !== null));
  const { verdict } = verdictOf(trial.reward);
  const base = {
    task_id: taskId,
    run,
    verdict,
    gold_answer: null,
    status: trial.exception ? trial.exception.type : "finished",
    ...(Object.keys(usage).length ? { usage } : {}),
    metadata: {
      harbor: {
        trial: trial.trialName,
        source: trial.source,
        agent: trial.agent,
        rewards: trial.rewards ? Object.fromEntries(trial.rewards) : null,
        exception: trial.exception,
        startedAt: trial.startedAt,
        finishedAt: trial.finishedAt,
      },
    },
    ...(benchmarkFields ? { benchmark: benchmarkFields } : {}),
  };
  const withTrajectory = trial.trajectoryPath
    ? resolveAtifLine(
        { ...base, trajectory_file: trial.trajectoryPath },
        root,
        join(trial.dir, "result.json"),
        1,
      )
    : base;
  const messages = messagesSchema.safeParse(withTrajectory).data?.messages ?? [];
  const question = textOf(messages.find((m) => m.role === "user")?.content);
  const answer = textOf(messages.filter((m) => m.role === "assistant").at(-1)?.content);
  return {
    ...(withTrajectory as Record<string, unknown>),
    question:
      question.trim() === ""
        ? `(task ${trial.taskName}: the trial left no instruction in a trajectory)`
        : question,
    prediction: answer.trim() === "" ? null : answer,
  };
}

export function bindHarborBundle<B extends SeekboardBenchmark, M extends SeekboardManifestFields>(
  spec: SeekboardImporterSpec<B, M>,
  raw: unknown,
  context: BundleContext | undefined,
): ReturnType<BundleImporter["bind"]> {
  const parsed = harborManifestSchema.safeParse(raw);
  if (!parsed.success) return { success: false, error: parsed.error, schema: harborManifestSchema };
  const harbor = parsed.data;
  if (!context)
    throw BundleError.at("manifest.json", null, "job", "a Harbor job is read from a bundle folder");
  const { root } = context;
  const trials = readHarborJob(root, harbor.job, "job");
  if (trials.length === 0)
    throw BundleError.at("manifest.json", null, "job", `${harbor.job} holds no trial folders`);
  const model = harbor.model ?? common(trials.map((t) => t.agent.model?.name));
  if (!model)
    throw BundleError.at(
      "manifest.json",
      null,
      "model",
      "the trials name no single model: name the model in the manifest",
    );
  const resultFiles = trials.map((trial) => join(trial.dir, "result.json"));
  const manifest = seekboardManifestOf(
    spec,
    harbor,
    { model, dataset: harbor.dataset ?? common(trials.map((t) => t.source)), results: resultFiles },
    "job",
  );
  const files = trials
    .flatMap((trial) => [
      `${trial.dir}/result.json`,
      ...(trial.trajectoryPath ? [trial.trajectoryPath] : []),
    ])
    .map((name) => ({ name, path: join(root, name) }));
  const bundle: ManifestBundle = {
    manifest,
    storedVersion: spec.storedVersion ? spec.storedVersion(manifest) : manifest.benchmarkVersion,
    files: () => files,
    async read(_root, sink, options) {
      const runs = new RunCounter();
      const writer = await readEveryRecord(sink, options, async (gated, _options, errors) => {
        const writer = new SeekboardRowWriter(spec, gated);
        for (const trial of trials) {
          await errors.check(() => {
            const line = trialLine(
              trial,
              root,
              trial.taskName,
              runs.next(trial.taskName),
              harbor.benchmarkFields,
            );
            const { label } = verdictOf(trial.reward);
            return writer.write(parseConverted(spec, line, join(trial.dir, "result.json")), {
              verdictSource: trial.reward === null ? "none" : "harbor-reward",
              verdictLabel: label,
              errorInfo: trial.exception
                ? `${trial.exception.type}: ${trial.exception.message}`
                : null,
            });
          });
        }
        return writer;
      });
      return {
        importNotes: {
          ...spec.importNotes?.(manifest),
          harbor: { job: harbor.job, trials: trials.length },
        },
        judgeModel: manifest.judgeModel ?? writer.judges.mostFrequent,
      };
    },
    noSamples: () => ({ file: "manifest.json", message: "no trials in the job" }),
  };
  return { success: true, bundle, schema: harborManifestSchema };
}
