/**
 * Parsing half of the Seekboard bundle format v1: one JSON-decoded line → a typed,
 * camelCase sample; a whole JSONL text → samples, with (task_id, run) checked unique.
 * Errors are `BundleError`s naming the file, the 1-based line and the field.
 * Pure: no database, no file system.
 */
import { BundleError, detailsFromZod, type BundleErrorDetail } from "../import/errors";
import { MAX_JSON_DEPTH, valueNestedDeeperThan } from "../import/json-depth";
import { stepsFromMessages, type ChatMessage } from "../trajectory/messages";
import {
  SAMPLE_SCHEMAS,
  type EvoBrowseCompSampleLine,
  type EvoLanguage,
  type EvoSetting,
  type QaSampleLine,
  type SeekboardBenchmark,
  type Verdict,
  type WebDetectiveSampleLine,
} from "./schema";

export interface SeekboardJudge {
  output: string | null;
  model: string | null;
  extractedFinalAnswer: string | null;
  reasoning: string | null;
  /** Percent, 0–100. */
  confidence: number | null;
}

export interface SeekboardUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
}

interface SampleCommon {
  taskId: string;
  run: number;
  question: string;
  goldAnswer: string | null;
  prediction: string | null;
  verdict: Verdict;
  judge: SeekboardJudge | null;
  /** Verbatim; null when the line gives none. */
  status: string | null;
  messages: ChatMessage[] | null;
  usage: SeekboardUsage | null;
  metadata: Record<string, unknown> | null;
  /** Where the sample came from. */
  file: string;
  line: number;
}

export interface WebDetectiveEvidence {
  id: string;
  foundBySearch: boolean;
  probeCorrect: boolean | null;
}

export interface WebDetectiveDetail {
  evidence: WebDetectiveEvidence[];
  refused: boolean;
  hopsUsed: number;
  hopsGt: number;
  searched: boolean;
  cleanEvidenceCorrect: boolean | null;
}

export interface EvoBrowseCompDetail {
  language: EvoLanguage;
  setting: EvoSetting;
  toolCallLimit: number;
  /** From the line, else counted from `messages`; null when neither says. */
  toolCalls: number | null;
  /** Whether `toolCalls` was counted from the messages rather than given. */
  toolCallsCounted: boolean;
  domain: string | null;
  hops: number | null;
  freshEvidence: boolean | null;
  rootDomains: number | null;
  statedConfidence: number | null;
}

export interface QaDetail {
  statedConfidence: number | null;
}

export interface WebDetectiveBundleSample extends SampleCommon {
  benchmark: "webdetective";
  detail: WebDetectiveDetail;
}

export interface EvoBrowseCompBundleSample extends SampleCommon {
  benchmark: "evobrowsecomp";
  detail: EvoBrowseCompDetail;
}

export interface QaBundleSample extends SampleCommon {
  benchmark: "qa";
  detail: QaDetail;
}

export type SeekboardSample = WebDetectiveBundleSample | EvoBrowseCompBundleSample | QaBundleSample;

export interface SeekboardSampleByBenchmark {
  webdetective: WebDetectiveBundleSample;
  evobrowsecomp: EvoBrowseCompBundleSample;
  qa: QaBundleSample;
}

/** Tool calls in a trajectory: OpenAI `tool_calls` entries and ReAct `<tool_call>` tags alike. */
export function countToolCalls(messages: readonly ChatMessage[]): number {
  return stepsFromMessages(messages).filter((step) => step.kind === "tool_call").length;
}

type BaseLine = WebDetectiveSampleLine | EvoBrowseCompSampleLine | QaSampleLine;

function common(line: BaseLine, file: string, lineNumber: number): SampleCommon {
  const judge = line.judge
    ? {
        output: line.judge.output ?? null,
        model: line.judge.model ?? null,
        extractedFinalAnswer: line.judge.extracted_final_answer ?? null,
        reasoning: line.judge.reasoning ?? null,
        confidence: line.judge.confidence ?? null,
      }
    : null;
  const usage = line.usage
    ? { promptTokens: line.usage.prompt_tokens ?? null, completionTokens: line.usage.completion_tokens ?? null, costUsd: line.usage.cost_usd ?? null }
    : null;
  return {
    taskId: line.task_id,
    run: line.run,
    question: line.question,
    goldAnswer: line.gold_answer,
    prediction: line.prediction,
    verdict: line.verdict,
    judge,
    status: line.status ?? null,
    messages: line.messages ?? null,
    usage,
    metadata: line.metadata ?? null,
    file,
    line: lineNumber,
  };
}

function webDetective(line: WebDetectiveSampleLine, file: string, lineNumber: number): WebDetectiveBundleSample {
  const b = line.benchmark;
  const seen = new Set<string>();
  b.evidence.forEach((e, i) => {
    if (seen.has(e.id)) throw BundleError.at(file, lineNumber, `benchmark.evidence.${i}.id`, `evidence id "${e.id}" appears twice`);
    seen.add(e.id);
  });
  if (b.refused && line.verdict === "correct") {
    throw BundleError.at(file, lineNumber, "benchmark.refused", 'a refused sample has no answer, so its verdict cannot be "correct"');
  }
  return {
    ...common(line, file, lineNumber),
    benchmark: "webdetective",
    detail: {
      evidence: b.evidence.map((e) => ({ id: e.id, foundBySearch: e.found_by_search, probeCorrect: e.probe_correct })),
      refused: b.refused,
      hopsUsed: b.hops_used,
      hopsGt: b.hops_gt,
      searched: b.searched,
      cleanEvidenceCorrect: b.clean_evidence_correct,
    },
  };
}

function evoBrowseComp(line: EvoBrowseCompSampleLine, file: string, lineNumber: number): EvoBrowseCompBundleSample {
  const b = line.benchmark;
  const given = b.tool_calls ?? null;
  const counted = given === null && line.messages ? countToolCalls(line.messages) : null;
  return {
    ...common(line, file, lineNumber),
    benchmark: "evobrowsecomp",
    detail: {
      language: b.language,
      setting: b.setting,
      toolCallLimit: b.tool_call_limit,
      toolCalls: given ?? counted,
      toolCallsCounted: counted !== null,
      domain: b.domain ?? null,
      hops: b.hops ?? null,
      freshEvidence: b.fresh_evidence ?? null,
      rootDomains: b.root_domains ?? null,
      statedConfidence: b.stated_confidence ?? null,
    },
  };
}

function qa(line: QaSampleLine, file: string, lineNumber: number): QaBundleSample {
  return { ...common(line, file, lineNumber), benchmark: "qa", detail: { statedConfidence: line.benchmark?.stated_confidence ?? null } };
}

/**
 * One JSON-decoded line of a Seekboard v1 results file → a typed sample.
 * Throws a `BundleError` naming `file`, `line` and the failing field.
 */
export function parseSeekboardSample<B extends SeekboardBenchmark>(value: unknown, benchmark: B, file: string, line: number): SeekboardSampleByBenchmark[B];
export function parseSeekboardSample(value: unknown, benchmark: SeekboardBenchmark, file: string, line: number): SeekboardSample {
  switch (benchmark) {
    case "webdetective": {
      const parsed = SAMPLE_SCHEMAS.webdetective.safeParse(value);
      if (!parsed.success) throw new BundleError(detailsFromZod(file, line, parsed.error));
      return webDetective(parsed.data, file, line);
    }
    case "evobrowsecomp": {
      const parsed = SAMPLE_SCHEMAS.evobrowsecomp.safeParse(value);
      if (!parsed.success) throw new BundleError(detailsFromZod(file, line, parsed.error));
      return evoBrowseComp(parsed.data, file, line);
    }
    case "qa": {
      const parsed = SAMPLE_SCHEMAS.qa.safeParse(value);
      if (!parsed.success) throw new BundleError(detailsFromZod(file, line, parsed.error));
      return qa(parsed.data, file, line);
    }
    default: {
      const never: never = benchmark;
      throw BundleError.at(file, line, null, `unknown benchmark "${String(never)}"`);
    }
  }
}

/** One raw JSONL line (text) → a sample: JSON and nesting depth checked first. */
export function parseSeekboardLine<B extends SeekboardBenchmark>(text: string, benchmark: B, file: string, line: number): SeekboardSampleByBenchmark[B] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw BundleError.at(file, line, null, `invalid JSON: ${(error as Error).message}`);
  }
  if (valueNestedDeeperThan(value)) throw BundleError.at(file, line, null, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  return parseSeekboardSample(value, benchmark, file, line);
}

/** Remembers (task_id, run) pairs across the files of one bundle and refuses a repeat. */
export class SampleKeyRegistry {
  private readonly seen = new Map<string, { file: string; line: number }>();

  add(sample: Pick<SampleCommon, "taskId" | "run" | "file" | "line">): void {
    const key = JSON.stringify([sample.taskId, sample.run]);
    const first = this.seen.get(key);
    if (first) {
      throw BundleError.at(sample.file, sample.line, "run", `task "${sample.taskId}" run ${sample.run} already appears at ${first.file} line ${first.line}`);
    }
    this.seen.set(key, { file: sample.file, line: sample.line });
  }
}

/**
 * A whole results file (JSONL text) → samples. Blank lines are skipped; every invalid
 * line is reported (up to `maxErrors`) in one `BundleError`, so a producer sees all of
 * them at once. Pass one `registry` across the files of a bundle.
 */
export function parseSeekboardJsonl<B extends SeekboardBenchmark>(
  text: string,
  benchmark: B,
  file: string,
  options: { registry?: SampleKeyRegistry; maxErrors?: number } = {},
): SeekboardSampleByBenchmark[B][] {
  const registry = options.registry ?? new SampleKeyRegistry();
  const maxErrors = options.maxErrors ?? 50;
  const samples: SeekboardSampleByBenchmark[B][] = [];
  const details: BundleErrorDetail[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && details.length < maxErrors; i++) {
    const raw = lines[i].endsWith("\r") ? lines[i].slice(0, -1) : lines[i];
    if (raw.trim() === "") continue;
    try {
      const sample = parseSeekboardLine(raw, benchmark, file, i + 1);
      registry.add(sample);
      samples.push(sample);
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      details.push(...error.details);
    }
  }
  if (details.length > 0) throw new BundleError(details.slice(0, maxErrors));
  return samples;
}
