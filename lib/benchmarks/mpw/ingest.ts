import "server-only";
/**
 * MPW-Bench importer, reading half: the task file (when given) and the result records,
 * parsed line by line and handed over as tasks, samples and their hit logs.
 */
import { namedFiles } from "../../import/bundle";
import { defineImporter, RunCounter, type SampleRow } from "../../import/importer";
import { bundleLines, parseJsonLine } from "../../import/lines";
import { parseMpwResultRecord, parseMpwTaskRecord, type MpwSample, type MpwTask } from "./import";
import { mpwManifestSchema } from "./manifest";
import { settingBOfPrompt, SETTING_B_HELP } from "./setting";
import { z } from "zod";
import { BundleError } from "../../import/errors";
import { linesOf } from "../../import/lines";
import type { BundleImporter } from "../../import/importer";
import { chatMessageSchema } from "../../trajectory/messages";

function sampleRow(sample: MpwSample, run: number, file: string, line: number): SampleRow {
  const { toolCalls, tier, ...facts } = sample.metrics;
  return {
    task: sample.task,
    run,
    prediction: sample.prediction,
    status: sample.status,
    correct: sample.verdict.correct,
    // MPW's scripts record no tokens, dollars or time per record (they only print a run's token total).
    usage: null,
    verdictSource: sample.verdict.source,
    verdictLabel: sample.verdict.label,
    judgeRationale: sample.judgeRationale,
    toolCalls,
    facts,
    tier,
    category: sample.task.category,
    actualTurns: sample.actualTurns,
    maxTurns: sample.maxTurns,
    errorInfo: sample.errorInfo,
    metrics: null,
    detail: null,
    steps: sample.steps,
    hitLog: sample.hitLog,
    file,
    line,
  };
}

const importer = defineImporter({
  manifestSchema: mpwManifestSchema,
  files: (root, manifest) => [
    ...namedFiles(root, manifest.tasks, "tasks"),
    ...namedFiles(root, manifest.results, "results"),
  ],
  async read(root, manifest, sink, options, errors) {
    const knownTasks = new Map<string, MpwTask>();
    for (const { text, file, lineNumber } of bundleLines(root, manifest.tasks, "tasks", options)) {
      await errors.check(() => {
        const task = parseMpwTaskRecord(parseJsonLine(text, file, lineNumber), file, lineNumber);
        knownTasks.set(task.taskKey, task);
        return sink.task(task);
      });
    }
    const runs = new RunCounter();
    for (const { text, file, lineNumber } of bundleLines(
      root,
      manifest.results,
      "results",
      options,
    )) {
      await errors.check(() => {
        const value = parseJsonLine(text, file, lineNumber);
        const key =
          typeof value === "object" && value !== null && "index" in value
            ? String(value.index)
            : "";
        const sample = parseMpwResultRecord(value, file, lineNumber, knownTasks.get(key));
        return sink.sample(sampleRow(sample, runs.next(sample.task.taskKey), file, lineNumber));
      });
    }
    return {};
  },
  noSamples: (manifest) => ({ file: manifest.results[0], message: "the results hold no records" }),
});

const firstRecordPrompt = z
  .object({ messages: z.array(chatMessageSchema).nullish() })
  .transform(({ messages }) => {
    const content = messages?.find((m) => m.role === "system")?.content;
    return typeof content === "string" ? content : null;
  });

/**
 * A manifest's `"setting": "B"` as the variant its records ran under: the system prompt of
 * each results file's first record tells it (the authors' files are one run each). Refused,
 * saying what each variant is, when a prompt is neither's or the files disagree.
 */
function resolveSettingB(raw: unknown, root: string): unknown {
  const manifest = z
    .object({ setting: z.literal("B"), results: z.array(z.string()).min(1) })
    .loose()
    .safeParse(raw);
  if (!manifest.success) return raw;
  let files;
  try {
    files = namedFiles(root, manifest.data.results, "results");
  } catch {
    // Without its records "B" cannot be told: the manifest's refusal says how to name it.
    return raw;
  }
  const variants = files.map(({ name, path }) => {
    const lines = linesOf(path, name);
    let prompt;
    try {
      const first = lines.next();
      prompt = first.done
        ? null
        : firstRecordPrompt.safeParse(
            parseJsonLine(first.value.text, name, first.value.lineNumber),
          );
    } finally {
      lines.return(0); // closes the file
    }
    const variant = prompt?.success ? settingBOfPrompt(prompt.data) : null;
    if (variant === null)
      throw BundleError.at(
        "manifest.json",
        null,
        "setting",
        `${name}'s first record has neither Setting-B system prompt. ${SETTING_B_HELP}`,
      );
    return { name, variant };
  });
  const other = variants.find((v) => v.variant !== variants[0].variant);
  if (other)
    throw BundleError.at(
      "manifest.json",
      null,
      "setting",
      `${variants[0].name} ran the ${variants[0].variant} prompt and ${other.name} the ${other.variant} one: upload them as two submissions. ${SETTING_B_HELP}`,
    );
  return { ...manifest.data, setting: variants[0].variant };
}

export const mpwImporter: BundleImporter = {
  bind: (raw, context) =>
    importer.bind(context ? resolveSettingB(raw, context.root) : raw, context),
};
