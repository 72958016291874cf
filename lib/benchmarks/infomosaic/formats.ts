/**
 * InfoMosaic-Bench files as the authors' release (DorothyDUUU/Info-Mosaic) writes them
 * (`formats.md`, InfoMosaic-Bench), validated with zod and mapped onto camelCase shapes:
 *
 *  - gold lines of `data/info_mosaic_gt_answer.jsonl`: `{GT, testcase[{condition, ground_truth|null}], id}`,
 *    joined by id with the Hugging Face task fields (`query`, `domain`, language);
 *  - output lines of `output/{agent}/{llm}/{domain}.jsonl`: the task fields plus
 *    `response`, `num_tool_calls`, `messages` (OpenAI function-calling messages);
 *  - evaluation lines of `output/{agent}/{llm}/{domain}_eval.jsonl`: the output line plus
 *    `extracted_response`, `final_answer_evaluation`, `score` (2 correct, 1 approximately
 *    correct, 0 wrong) and `passrate` (−1 when not computable).
 *
 * Also the official judging rules, for re-judging here: `scoreFromEvaluation` (which
 * phrase of the judge's text decides the score) and `passRateFromVerdicts` (reading the
 * per-testcase CORRECT/INCORRECT verdicts). Errors are `BundleError`s naming the file,
 * the 1-based line and the field. Pure: no file system.
 */
import { z } from "zod";
import { BundleError, detailsFromZod } from "../../import/errors";
import { chatMessageSchema, type ChatMessage } from "../../trajectory/messages";

export const INFOMOSAIC_DOMAINS = [
  "map",
  "bio",
  "financial",
  "web",
  "video",
  "multidomain",
] as const;
export type InfoMosaicDomain = (typeof INFOMOSAIC_DOMAINS)[number];

/** Other spellings seen in the release (the tool metadata says `finance`). */
const DOMAIN_ALIASES: Record<string, InfoMosaicDomain> = {
  finance: "financial",
  "multi-domain": "multidomain",
  multi_domain: "multidomain",
  medical: "bio",
};

export function normaliseDomain(raw: string): InfoMosaicDomain | null {
  const key = raw.trim().toLowerCase();
  if ((INFOMOSAIC_DOMAINS as readonly string[]).includes(key)) return key as InfoMosaicDomain;
  return DOMAIN_ALIASES[key] ?? null;
}

/** The release's agents and the setting each stands for. */
export const INFOMOSAIC_AGENT_SETTINGS = {
  agent_w_web_tool: "web-only",
  agent_w_multi_tool: "domain-tool",
  agent_wo_tool: "no-tool",
} as const;
export type InfoMosaicSetting =
  (typeof INFOMOSAIC_AGENT_SETTINGS)[keyof typeof INFOMOSAIC_AGENT_SETTINGS];

const idSchema = z.union([z.number().int(), z.string().trim().min(1)]);
const textish = z.union([z.string(), z.number()]).transform(String);

const testcaseSchema = z
  .object({
    condition: z.string(),
    ground_truth: textish.nullish().transform((v) => v ?? null),
  })
  .loose();

export interface InfoMosaicTestcase {
  condition: string;
  /** null: a condition checked against the answer rather than a sub-question with its own answer. */
  groundTruth: string | null;
}

export const goldLineSchema = z
  .object({
    GT: textish,
    testcase: z
      .array(testcaseSchema)
      .nullish()
      .transform((v) => v ?? []),
    id: idSchema,
  })
  .loose();

export interface InfoMosaicGold {
  id: string;
  gt: string;
  testcases: InfoMosaicTestcase[];
}

const testcasesOf = (raw: z.output<typeof testcaseSchema>[]): InfoMosaicTestcase[] =>
  raw.map((t) => ({ condition: t.condition, groundTruth: t.ground_truth }));

export function parseInfoMosaicGold(value: unknown, file: string, line: number): InfoMosaicGold {
  const parsed = goldLineSchema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: goldLineSchema, input: value }),
    );
  return {
    id: String(parsed.data.id),
    gt: parsed.data.GT,
    testcases: testcasesOf(parsed.data.testcase),
  };
}

const domainSchema = z.string().transform((raw, ctx) => {
  const domain = normaliseDomain(raw);
  if (!domain) {
    ctx.addIssue({
      code: "custom",
      message: `unknown domain "${raw}"; known: ${INFOMOSAIC_DOMAINS.join(", ")}`,
    });
    return z.NEVER;
  }
  return domain;
});

/** A task line: the Hugging Face fields (`query`, `domain`, language) joined with the gold fields. */
export const taskLineSchema = z
  .object({
    id: idSchema,
    query: z.string(),
    domain: domainSchema,
    language: z.string().nullish(),
    GT: textish,
    testcase: z
      .array(testcaseSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .loose();

export interface InfoMosaicTask {
  id: string;
  query: string;
  domain: InfoMosaicDomain;
  /** As given (e.g. `en`, `zh`); when absent, guessed from the query's script. */
  language: string;
  gt: string;
  testcases: InfoMosaicTestcase[];
}

/** `zh` when the text holds CJK ideographs, else `en`: for tasks whose language field is missing. */
export function guessLanguage(text: string): string {
  return /[\u3400-\u9fff]/.test(text) ? "zh" : "en";
}

function taskOf(raw: z.output<typeof taskLineSchema>): InfoMosaicTask {
  return {
    id: String(raw.id),
    query: raw.query,
    domain: raw.domain,
    language: raw.language?.trim() || guessLanguage(raw.query),
    gt: raw.GT,
    testcases: testcasesOf(raw.testcase),
  };
}

export function parseInfoMosaicTask(value: unknown, file: string, line: number): InfoMosaicTask {
  const parsed = taskLineSchema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: taskLineSchema, input: value }),
    );
  return taskOf(parsed.data);
}

/** Joins Hugging Face query records with gold records by id, as `data/prepare_data.py` does; every id must match. */
export function joinInfoMosaicTasks(
  queries: readonly {
    id: string | number;
    query: string;
    domain: string;
    language?: string | null;
  }[],
  golds: readonly InfoMosaicGold[],
  file = "gold",
): InfoMosaicTask[] {
  const byId = new Map(golds.map((g) => [g.id, g]));
  return queries.map((q, i) => {
    const gold = byId.get(String(q.id));
    if (!gold) throw BundleError.at(file, null, `${i}.id`, `no gold record for task id ${q.id}`);
    const domain = normaliseDomain(q.domain);
    if (!domain) throw BundleError.at(file, null, `${i}.domain`, `unknown domain "${q.domain}"`);
    return {
      id: gold.id,
      query: q.query,
      domain,
      language: q.language?.trim() || guessLanguage(q.query),
      gt: gold.gt,
      testcases: gold.testcases,
    };
  });
}

// ---------------------------------------------------------------- output and evaluation lines

export const outputLineSchema = taskLineSchema.extend({
  response: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  num_tool_calls: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((v) => v ?? null),
  messages: z
    .array(chatMessageSchema)
    .nullish()
    .transform((v) => v ?? null),
});

export interface InfoMosaicOutput {
  task: InfoMosaicTask;
  response: string | null;
  /** As the release counts: assistant turns that made tool calls (not individual calls). */
  numToolCalls: number | null;
  messages: ChatMessage[] | null;
}

function outputOf(raw: z.output<typeof outputLineSchema>): InfoMosaicOutput {
  return {
    task: taskOf(raw),
    response: raw.response,
    numToolCalls: raw.num_tool_calls,
    messages: raw.messages,
  };
}

export function parseInfoMosaicOutput(
  value: unknown,
  file: string,
  line: number,
): InfoMosaicOutput {
  const parsed = outputLineSchema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: outputLineSchema, input: value }),
    );
  return outputOf(parsed.data);
}

export type InfoMosaicScore = 0 | 1 | 2;

export const evalLineSchema = outputLineSchema.extend({
  extracted_response: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  final_answer_evaluation: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  score: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /**
   * −1: not computable (no testcases, or the testcase verdicts could not be read). The
   * script divides CORRECT keys by testcases, so a judge that repeats keys can push it
   * above 1: such values are read, and capped at 1 by the parser.
   */
  passrate: z
    .number()
    .refine(
      (v) => v === -1 || v >= 0,
      "passrate is a fraction in [0, 1], or −1 when not computable",
    )
    .nullish()
    .transform((v) => (v === undefined || v === null || v === -1 ? null : v)),
});

export interface InfoMosaicEvaluated extends InfoMosaicOutput {
  extractedResponse: string | null;
  finalAnswerEvaluation: string | null;
  score: InfoMosaicScore;
  /** Passed testcases / testcases, capped at 1; null when not computable (the official −1, or absent). */
  passRate: number | null;
  /** The file's value when it was above 1 (and so capped), else null. */
  passRateOverOne: number | null;
  /** Score 2 only: accuracy counts exact correctness. */
  correct: boolean;
}

export function parseInfoMosaicEvaluation(
  value: unknown,
  file: string,
  line: number,
): InfoMosaicEvaluated {
  const parsed = evalLineSchema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: evalLineSchema, input: value }),
    );
  const raw = parsed.data;
  return {
    ...outputOf(raw),
    extractedResponse: raw.extracted_response,
    finalAnswerEvaluation: raw.final_answer_evaluation,
    score: raw.score,
    passRate: raw.passrate === null ? null : Math.min(raw.passrate, 1),
    passRateOverOne: raw.passrate !== null && raw.passrate > 1 ? raw.passrate : null,
    correct: raw.score === 2,
  };
}

export interface InfoMosaicPathInfo {
  agent: string;
  llm: string;
  /** A domain, or "all". */
  domain: InfoMosaicDomain | "all";
  kind: "output" | "evaluation";
  /** The setting the agent stands for; null for an agent the release does not name. */
  setting: InfoMosaicSetting | null;
}

/** Reads `…/{agent}/{llm}/{domain}.jsonl` or `…/{domain}_eval.jsonl`; null when the path is not laid out so. */
export function infoMosaicPathInfo(path: string): InfoMosaicPathInfo | null {
  const parts = path.split(/[\\/]/).filter(Boolean);
  if (parts.length < 3) return null;
  const [agent, llm, name] = parts.slice(-3);
  const m = /^(.+?)(_eval)?\.jsonl$/.exec(name);
  if (!m) return null;
  const domain = m[1] === "all" ? "all" : normaliseDomain(m[1]);
  if (!domain) return null;
  const setting = Object.hasOwn(INFOMOSAIC_AGENT_SETTINGS, agent)
    ? INFOMOSAIC_AGENT_SETTINGS[agent as keyof typeof INFOMOSAIC_AGENT_SETTINGS]
    : null;
  return { agent, llm, domain, kind: m[2] ? "evaluation" : "output", setting };
}

// ---------------------------------------------------------------- the official judging rules

/**
 * The final-answer score from the judge's text, as the official script decides it:
 * "The answer is correct" → 2, else "The answer is approximated but should be correct" → 1,
 * else 0 (substring tests, case-sensitive, in that order).
 */
export function scoreFromEvaluation(judgeText: string | null): InfoMosaicScore {
  if (judgeText === null) return 0;
  if (judgeText.includes("The answer is correct")) return 2;
  if (judgeText.includes("The answer is approximated but should be correct")) return 1;
  return 0;
}

/** The first ```json fenced block of a text, else the first ``` fenced block, else null. */
export function firstJsonBlock(text: string): string | null {
  const json = /```json\s*([\s\S]*?)\s*```/i.exec(text);
  if (json) return json[1].trim();
  const any = /```+\s*([\s\S]*?)\s*```+/.exec(text);
  return any ? any[1].trim() : null;
}

/**
 * Pass rate from the testcase judge's text: the JSON object in its first fenced block maps
 * each sub-question to "CORRECT" or "INCORRECT"; passed = values exactly "CORRECT";
 * pass rate = passed / number of the task's testcases (not of the keys, as the official
 * script), capped at 1 (the script is not). Null — the script's −1 — when the task has no testcases or the block is missing,
 * not JSON, or not an object.
 */
export function passRateFromVerdicts(
  judgeText: string | null,
  testcaseCount: number,
): number | null {
  if (testcaseCount <= 0 || judgeText === null) return null;
  const block = firstJsonBlock(judgeText);
  if (block === null) return null;
  let verdicts: unknown;
  try {
    verdicts = JSON.parse(block);
  } catch {
    return null;
  }
  if (typeof verdicts !== "object" || verdicts === null || Array.isArray(verdicts)) return null;
  const passed = Object.values(verdicts).filter((v) => v === "CORRECT").length;
  return Math.min(passed / testcaseCount, 1);
}
