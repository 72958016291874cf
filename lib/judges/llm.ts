/**
 * The LLM judge: one chat completion against an OpenAI-compatible endpoint
 * (POST {base}/chat/completions), configured by environment. Every failure — no answer in
 * time, an HTTP error, a body that is not a chat completion, a reply the benchmark's parser
 * cannot read — is thrown as an LlmJudgeError with a message for the maintainer; it never
 * becomes a verdict.
 */
import { z } from "zod";
import type { AsyncCellJudge, CellVerdict, JudgeColumnRequest } from "../benchmarks/widesearch/metrics";
import { GraderParseError, parseGraderOutput } from "./grader";
import { fillTemplate, JUDGE_PROMPTS, judgeMessages, WIDESEARCH_CELL_PROMPT, type ChatMessage, type PromptBenchmark } from "./prompts";
import type { JudgeVerdict } from "./types";

export interface LlmJudgeConfig {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** What may be shown and written to the audit log: everything but the key. */
export type PublicLlmJudgeConfig = Omit<LlmJudgeConfig, "apiKey"> & { apiKey: "set" | "not set" };

export const DEFAULT_JUDGE_TIMEOUT_MS = 30_000;
const MAX_REPLY_BYTES = 1_000_000;

export class LlmJudgeError extends Error {}

export type LlmJudgeSetting = { config: LlmJudgeConfig; why: null } | { config: null; why: string };

/**
 * SEEKBOARD_JUDGE_BASE_URL (e.g. https://api.openai.com/v1), SEEKBOARD_JUDGE_MODEL,
 * SEEKBOARD_JUDGE_API_KEY (optional), SEEKBOARD_JUDGE_TIMEOUT_MS (default 30000).
 */
export function llmJudgeSettingFromEnv(env: Record<string, string | undefined>): LlmJudgeSetting {
  const base = env.SEEKBOARD_JUDGE_BASE_URL?.trim();
  const model = env.SEEKBOARD_JUDGE_MODEL?.trim();
  if (!base || !model) return { config: null, why: "no LLM judge is configured: set SEEKBOARD_JUDGE_BASE_URL and SEEKBOARD_JUDGE_MODEL on the server" };
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { config: null, why: `SEEKBOARD_JUDGE_BASE_URL "${base}" is not a URL` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { config: null, why: "SEEKBOARD_JUDGE_BASE_URL must be an http(s) URL" };
  const rawTimeout = env.SEEKBOARD_JUDGE_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_JUDGE_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) return { config: null, why: `SEEKBOARD_JUDGE_TIMEOUT_MS "${rawTimeout}" is not a positive whole number of milliseconds` };
  const apiKey = env.SEEKBOARD_JUDGE_API_KEY?.trim() || null;
  return { config: { baseUrl: base.replace(/\/+$/, ""), model, apiKey, timeoutMs }, why: null };
}

/**
 * The endpoint as the public may read it (the verdict history is public): scheme, host
 * and path only, so credentials or a token in the URL's user part or query never show.
 */
export function publicEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return "(not a URL)";
  }
}

export function publicJudgeConfig(config: LlmJudgeConfig): PublicLlmJudgeConfig {
  return { baseUrl: publicEndpoint(config.baseUrl), model: config.model, timeoutMs: config.timeoutMs, apiKey: config.apiKey ? "set" : "not set" };
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** One chat completion at temperature 0; the reply's text. */
export async function chatCompletion(config: LlmJudgeConfig, messages: ChatMessage[], fetchImpl: typeof fetch = fetch): Promise<string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: config.model, messages, temperature: 0 }),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "error",
    });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") throw new LlmJudgeError(`the judge did not answer within ${config.timeoutMs} ms`);
    throw new LlmJudgeError(`could not reach the judge at ${publicEndpoint(config.baseUrl)}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new LlmJudgeError(`the judge answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  if (text.length > MAX_REPLY_BYTES) throw new LlmJudgeError(`the judge's reply is larger than ${MAX_REPLY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new LlmJudgeError(`the judge's reply is not JSON: ${text.slice(0, 120)}`);
  }
  const parsed = completionSchema.safeParse(body);
  if (!parsed.success) throw new LlmJudgeError("the judge's reply is not a chat completion (no choices[0].message.content)");
  return parsed.data.choices[0].message.content;
}

export interface LlmVerdict extends JudgeVerdict {
  /** The reply as the model wrote it. */
  reply: string;
  promptSource: string;
}

/** Judges one answer with the benchmark's own prompt and reads the reply with its parser. */
export async function llmJudge(
  config: LlmJudgeConfig,
  benchmark: PromptBenchmark,
  input: { question: string | null; gold: string; prediction: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<LlmVerdict> {
  const prompt = JUDGE_PROMPTS[benchmark];
  const reply = await chatCompletion(config, judgeMessages(prompt, input), fetchImpl);
  try {
    const verdict = parseGraderOutput(prompt.format, reply);
    return { ...verdict, reply, promptSource: prompt.source };
  } catch (error) {
    if (error instanceof GraderParseError) throw new LlmJudgeError(`${error.message}; the reply began: ${reply.slice(0, 160)}`);
    throw error;
  }
}

/** The scores of a WideSearch judge reply: the last fenced JSON block (or the last {…}), `idx_<i>` → 0|1. */
export function parseWideSearchCellScores(reply: string, count: number): (CellVerdict | null)[] {
  const fenced = [...reply.matchAll(/```(?:json)?\s*([\s\S]*?)```/g)];
  const block = fenced.length ? fenced[fenced.length - 1][1] : /\{[^{}]*\}(?![\s\S]*\{)/.exec(reply)?.[0];
  if (!block) throw new LlmJudgeError("the WideSearch judge reply holds no JSON block of scores");
  let value: unknown;
  try {
    // The paper's own example ends its object with a trailing comma.
    value = JSON.parse(block.replace(/,\s*}/g, "}"));
  } catch {
    throw new LlmJudgeError(`the WideSearch judge's scores are not JSON: ${block.slice(0, 120)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new LlmJudgeError("the WideSearch judge's scores are not an object");
  const scores = value as Record<string, unknown>;
  return Array.from({ length: count }, (_, i) => {
    const score = scores[`idx_${i}`];
    return score === 0 || score === 1 ? { score, why: "LLM judge" } : null;
  });
}

/** An `llm_judge` cell judge for the WideSearch scorer, one request per column. */
export function llmCellJudge(config: LlmJudgeConfig, fetchImpl: typeof fetch = fetch): AsyncCellJudge {
  return {
    async judgeColumn(request: JudgeColumnRequest) {
      const response = request.items.map((item, i) => `idx_${i}: response: ${item.response} | standard answer: ${item.target}`).join("\n");
      const content = fillTemplate(WIDESEARCH_CELL_PROMPT.user, { criterion: request.criterion ?? "It is sufficient if the semantics are approximately the same as the reference answer.", response });
      const reply = await chatCompletion(config, [{ role: "user", content }], fetchImpl);
      return parseWideSearchCellScores(reply, request.items.length);
    },
  };
}
