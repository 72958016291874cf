/**
 * Running a judge or the benchmark's scorer on one stored sample, through its module
 * (`judge`, `reeval.rescore`): the state it would give the sample, nothing written.
 */
import { benchmarkModule } from "../../lib/benchmarks/registry";
import type { JudgeOutcome } from "../../lib/benchmarks/stored";
import { publicJudgeConfig, type LlmJudgeSetting } from "../../lib/judges/chat";
import { DEFAULT_TOLERANCE, exactMatchJudge, numericJudge } from "../../lib/judges/deterministic";
import { GraderParseError } from "../../lib/judges/grader";
import { llmJudge } from "../../lib/judges/llm";
import type { JudgeId, JudgeVerdict } from "../../lib/judges/types";
import { metricsOf, stateWithVerdict, type SampleState } from "../../lib/reeval/state";
import type { SampleContext } from "./store";

function verdictState(
  ctx: SampleContext,
  verdict: JudgeVerdict & { score?: 0 | 1 | 2 },
  source: string,
): SampleState {
  return stateWithVerdict(ctx.benchmarkId, metricsOf(ctx.state), {
    correct: verdict.correct,
    source,
    label: verdict.label,
    rationale: verdict.rationale,
    score: verdict.score,
  });
}

function requireGold(ctx: SampleContext, what: string): string {
  if (ctx.goldAnswer === null || ctx.goldAnswer.trim() === "")
    throw new Error(`this task has no gold answer to ${what} against`);
  return ctx.goldAnswer;
}

/**
 * Runs a judge on one sample and returns the state it would give it. Throws
 * LlmJudgeError / GraderParseError / Error with a message for the maintainer.
 */
export async function judgeSample(
  ctx: SampleContext,
  judge: JudgeId,
  llm: LlmJudgeSetting,
  source: string,
  fetchImpl?: typeof fetch,
): Promise<JudgeOutcome> {
  const { judge: rules, name } = benchmarkModule(ctx.benchmarkId);
  if (rules.kind === "table") {
    if (judge !== "llm")
      throw new Error(
        `a ${name} sample is judged cell by cell by its table scorer: use Re-score, or the LLM judge for its llm_judge cells`,
      );
    return rules.withLlm(ctx, llm, source, fetchImpl);
  }
  if (judge === "grader") {
    // The sample's grader output, else the one it was imported with: an adjudication or a
    // gold fix's deterministic re-evaluation replaces the rationale with its own words.
    const stored = [ctx.state.judgeRationale, ctx.importedVerdict?.judgeRationale].filter(
      (text, i, all): text is string =>
        typeof text === "string" && text !== "" && all.indexOf(text) === i,
    );
    if (!stored.length) throw new Error("this sample has no stored grader output to re-read");
    const errors: string[] = [];
    for (const text of stored) {
      for (const reader of rules.storedReplies) {
        try {
          const verdict = reader.parse(text);
          // The grader's text stays the rationale: re-reading it must not replace it by an excerpt.
          return {
            state: { ...verdictState(ctx, verdict, source), judgeRationale: text },
            rationale: `read as ${reader.format} grader output: ${verdict.label}`,
            judgeConfig: { format: reader.format },
          };
        } catch (error) {
          if (!(error instanceof GraderParseError)) throw error;
          errors.push(`${reader.format}: ${error.message}`);
        }
      }
    }
    throw new GraderParseError(`the stored grader output could not be read (${errors.join("; ")})`);
  }
  const gold = requireGold(ctx, "judge");
  if (judge === "exact") {
    const verdict = exactMatchJudge(ctx.prediction, gold);
    return {
      state: verdictState(ctx, verdict, source),
      rationale: verdict.rationale,
      judgeConfig: { normalisation: "NFKC, accents, case, punctuation, articles, whitespace" },
    };
  }
  if (judge === "numeric") {
    const verdict = numericJudge(ctx.prediction, gold, DEFAULT_TOLERANCE);
    return {
      state: verdictState(ctx, verdict, source),
      rationale: verdict.rationale,
      judgeConfig: { ...DEFAULT_TOLERANCE },
    };
  }
  if (!llm.config) throw new Error(llm.why);
  const verdict = await llmJudge(
    llm.config,
    ctx.benchmarkId,
    { question: ctx.question, gold, prediction: ctx.prediction },
    fetchImpl,
  );
  return {
    state: verdictState(ctx, { ...verdict, rationale: verdict.reply }, source),
    rationale: verdict.rationale,
    judgeConfig: { ...publicJudgeConfig(llm.config), prompt: verdict.promptSource },
  };
}

/** The benchmark's deterministic scorer, applied to one sample. */
export function rescoreSample(ctx: SampleContext): JudgeOutcome {
  const rescore = benchmarkModule(ctx.benchmarkId).reeval.rescore;
  if (rescore !== "answer") return rescore.run(ctx);
  const gold = requireGold(ctx, "score");
  const exact = exactMatchJudge(ctx.prediction, gold);
  const numeric = numericJudge(ctx.prediction, gold, DEFAULT_TOLERANCE);
  const hasNumber = numeric.label !== "no numeric gold";
  const verdict = exact.correct || !hasNumber ? exact : numeric;
  return {
    state: verdictState(ctx, verdict, "rescore"),
    rationale:
      hasNumber && !exact.correct ? `${exact.rationale}; ${numeric.rationale}` : exact.rationale,
    judgeConfig: { scorer: "normalised exact match, else numeric tolerance", ...DEFAULT_TOLERANCE },
  };
}

/** The scorer's outcome recorded under another source (a gold fix's re-evaluation). */
export function rescoredAs(ctx: SampleContext, source: string): JudgeOutcome {
  const outcome = rescoreSample(ctx);
  return { ...outcome, state: { ...outcome.state, verdictSource: source } };
}
