import "server-only";
/**
 * The LLM judge's connection: one chat completion against an OpenAI-compatible endpoint
 * (POST {base}/chat/completions), configured by environment. Every failure — no answer in
 * time, an HTTP error, a body that is not a chat completion — is thrown as an
 * LlmJudgeError with a message for the maintainer; it never becomes a verdict.
 */
import { z } from "zod";
import type { ChatMessage } from "./prompts";

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
  if (!base || !model)
    return {
      config: null,
      why: "no LLM judge is configured: set SEEKBOARD_JUDGE_BASE_URL and SEEKBOARD_JUDGE_MODEL on the server",
    };
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { config: null, why: `SEEKBOARD_JUDGE_BASE_URL "${base}" is not a URL` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { config: null, why: "SEEKBOARD_JUDGE_BASE_URL must be an http(s) URL" };
  const rawTimeout = env.SEEKBOARD_JUDGE_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_JUDGE_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    return {
      config: null,
      why: `SEEKBOARD_JUDGE_TIMEOUT_MS "${rawTimeout}" is not a positive whole number of milliseconds`,
    };
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
  return {
    baseUrl: publicEndpoint(config.baseUrl),
    model: config.model,
    timeoutMs: config.timeoutMs,
    apiKey: config.apiKey ? "set" : "not set",
  };
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** One chat completion at temperature 0; the reply's text. */
export async function chatCompletion(
  config: LlmJudgeConfig,
  messages: ChatMessage[],
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
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
    if (name === "TimeoutError" || name === "AbortError")
      throw new LlmJudgeError(`the judge did not answer within ${config.timeoutMs} ms`);
    throw new LlmJudgeError(
      `could not reach the judge at ${publicEndpoint(config.baseUrl)}: ${(error as Error).message}`,
    );
  }
  if (!response.ok)
    throw new LlmJudgeError(`the judge answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  if (text.length > MAX_REPLY_BYTES)
    throw new LlmJudgeError(`the judge's reply is larger than ${MAX_REPLY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new LlmJudgeError(`the judge's reply is not JSON: ${text.slice(0, 120)}`);
  }
  const parsed = completionSchema.safeParse(body);
  if (!parsed.success)
    throw new LlmJudgeError(
      "the judge's reply is not a chat completion (no choices[0].message.content)",
    );
  return parsed.data.choices[0].message.content;
}
