import "server-only";
/**
 * InfoMosaic-Bench importer, reading half: the release's evaluation files
 * (`{domain}_eval.jsonl`, as `eval/evaluate_all.py` writes them), read line by line.
 * Scores (0/1/2) and pass rates are the release's; the gold file, when given, fills
 * testcases an evaluation line lacks.
 */
import { namedFiles } from "../../import/bundle";
import { BundleError } from "../../import/errors";
import { defineImporter, NEUTRAL_SAMPLE_FIGURES, RunCounter } from "../../import/importer";
import { bundleLines, parseJsonLine } from "../../import/lines";
import { testcaseVerdictsFrom, type InfoMosaicStoredSample } from "./stored";
import { stepsFromMessages } from "../../trajectory/messages";
import {
  firstJsonBlock,
  parseInfoMosaicEvaluation,
  parseInfoMosaicGold,
  type InfoMosaicGold,
} from "./formats";
import { infoMosaicManifestSchema } from "./manifest";
import { infoMosaicInputFromEvaluation, toolCallTurns } from "./metrics";

/** Fields an evaluation line may carry with the testcase judge's text (not in every release). */
const TESTCASE_TEXT_FIELDS = [
  "testcase_evaluation",
  "passrate_evaluation",
  "testcase_judgement",
] as const;

function testcaseText(raw: unknown): string | null {
  if (typeof raw !== "object" || raw === null) return null;
  for (const key of TESTCASE_TEXT_FIELDS) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === "string") return value;
  }
  return null;
}

export const infoMosaicImporter = defineImporter({
  manifestSchema: infoMosaicManifestSchema,
  files: (root, manifest) => [
    ...namedFiles(root, manifest.gold, "gold"),
    ...namedFiles(root, manifest.evaluations, "evaluations"),
  ],
  async read(root, manifest, sink, options, errors) {
    const golds = new Map<string, InfoMosaicGold>();
    const goldName = manifest.gold;
    // Whether every gold line was read: a task missing from a gold file with a refused line may be on it.
    let goldRead = true;
    for (const { text, file, lineNumber } of bundleLines(root, goldName, "gold", options)) {
      const read = errors.checkSync(() => {
        const gold = parseInfoMosaicGold(parseJsonLine(text, file, lineNumber), file, lineNumber);
        golds.set(gold.id, gold);
        return true;
      });
      if (!read) goldRead = false;
    }
    const runs = new RunCounter();
    for (const { text, file: name, lineNumber } of bundleLines(
      root,
      manifest.evaluations,
      "evaluations",
      options,
    )) {
      await errors.check(() => {
        const raw = parseJsonLine(text, name, lineNumber);
        const e = parseInfoMosaicEvaluation(raw, name, lineNumber);
        const gold = golds.get(e.task.id);
        if (goldName && !gold) {
          // Its gold line may be one refused already: the line cannot be read, and is not reported again.
          if (!goldRead) return;
          throw BundleError.at(
            name,
            lineNumber,
            "id",
            `task id ${e.task.id} is not in ${goldName}`,
          );
        }
        const testcases = e.task.testcases.length ? e.task.testcases : (gold?.testcases ?? []);
        const judgeText = testcaseText(raw);
        const metrics: InfoMosaicStoredSample = {
          domain: e.task.domain,
          score: e.score,
          passRate: e.passRate,
          passRateOverOne: e.passRateOverOne,
          numToolCalls: e.numToolCalls,
          toolCallTurns: toolCallTurns(infoMosaicInputFromEvaluation(e)),
          extractedResponse: e.extractedResponse,
          testcaseVerdicts: testcaseVerdictsFrom(firstJsonBlock(judgeText ?? ""), testcases.length),
        };
        return sink.sample({
          ...NEUTRAL_SAMPLE_FIGURES,
          // The release records no tokens, dollars or time: its messages are the completions' messages, without usage.
          usage: null,
          task: {
            taskKey: e.task.id,
            question: e.task.query,
            goldAnswer: e.task.gt || gold?.gt || null,
            atomicFacts: {},
            category: e.task.domain,
            language: e.task.language,
            extra: { testcases },
          },
          run: runs.next(e.task.id),
          prediction: e.response,
          status: "evaluated",
          correct: e.correct,
          verdictSource: "infomosaic-score",
          verdictLabel: String(e.score),
          judgeRationale: e.finalAnswerEvaluation,
          toolCalls: metrics.toolCallTurns,
          category: e.task.domain,
          metrics,
          detail: { messages: e.messages, testcaseText: judgeText },
          steps: e.messages ? stepsFromMessages(e.messages) : [],
          file: name,
          line: lineNumber,
        });
      });
    }
    return {};
  },
  noSamples: (manifest) => ({ file: manifest.evaluations[0], message: "no samples in the bundle" }),
});
