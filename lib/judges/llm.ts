import "server-only";
/**
 * The LLM judge of one answer: the benchmark's own prompt (its module's `judge`), one chat
 * completion, and the benchmark's reply parser. A reply the parser cannot read is an
 * LlmJudgeError, never a verdict.
 */
import { BENCHMARK_IDS, BENCHMARKS, type BenchmarkId } from "../benchmarks/registry";
import { chatCompletion, LlmJudgeError, type LlmJudgeConfig } from "./chat";
import { GraderParseError } from "./grader";
import { judgeMessages, type JudgePrompt } from "./prompts";
import type { JudgeVerdict } from "./types";

/** Each benchmark's judge prompt, by benchmark. */
export const JUDGE_PROMPTS: Readonly<Record<string, JudgePrompt>> = Object.fromEntries(
  BENCHMARK_IDS.map((id) => [id, BENCHMARKS[id].judge.prompt]),
);

export interface LlmVerdict extends JudgeVerdict {
  /** The reply as the model wrote it. */
  reply: string;
  promptSource: string;
}

/** Judges one answer with the benchmark's own prompt and reads the reply with its parser. */
export async function llmJudge(
  config: LlmJudgeConfig,
  benchmark: BenchmarkId,
  input: { question: string | null; gold: string; prediction: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<LlmVerdict> {
  const judge = BENCHMARKS[benchmark].judge;
  if (judge.kind !== "answer")
    throw new LlmJudgeError(
      `${BENCHMARKS[benchmark].name} is judged cell by cell by its table scorer, not answer by answer`,
    );
  const prompt = JUDGE_PROMPTS[benchmark];
  const reply = await chatCompletion(config, judgeMessages(prompt, input), fetchImpl);
  try {
    const verdict = judge.reply.parse(reply);
    return { ...verdict, reply, promptSource: prompt.source };
  } catch (error) {
    if (error instanceof GraderParseError)
      throw new LlmJudgeError(`${error.message}; the reply began: ${reply.slice(0, 160)}`);
    throw error;
  }
}
