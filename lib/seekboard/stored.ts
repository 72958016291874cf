/**
 * What Seekboard stores per sample (`samples.metrics`) for the Seekboard-format benchmarks
 * (WebDetective, EvoBrowseComp, generic QA) and InfoMosaic, parsed back with zod on read.
 * The aggregate reports are stored as the pure modules return them (`aggregates.metrics`).
 */
import { z } from "zod";
import type { WebDetectiveSampleInput } from "../benchmarks/webdetective/metrics";
import type { EvoSampleInput } from "../benchmarks/evobrowsecomp/metrics";
import type { QaSampleInput } from "../benchmarks/qa/metrics";
import type { InfoMosaicSampleInput } from "../benchmarks/infomosaic/metrics";
import type { InfoMosaicDomain } from "../benchmarks/infomosaic/formats";

const common = {
  verdict: z.enum(["correct", "incorrect"]).nullable(),
  /** Stated confidence (percent) from the line's benchmark fields; null when none. */
  statedConfidence: z.number().nullable(),
  /** Confidence the judge extracted (percent); null when none. */
  judgeConfidence: z.number().nullable(),
  judgeModel: z.string().nullable(),
  extractedFinalAnswer: z.string().nullable(),
  toolCalls: z.number().nullable(),
};

export const qaStoredSampleSchema = z.object({ ...common });
export type QaStoredSample = z.infer<typeof qaStoredSampleSchema>;

export const webDetectiveStoredSampleSchema = z.object({
  ...common,
  evidence: z.array(z.object({ id: z.string(), foundBySearch: z.boolean(), probeCorrect: z.boolean().nullable() })),
  refused: z.boolean(),
  hopsUsed: z.number(),
  hopsGt: z.number(),
  searched: z.boolean(),
  cleanEvidenceCorrect: z.boolean().nullable(),
  knowledgeSufficient: z.boolean(),
  region: z.enum(["S", "I"]),
  response: z.enum(["correct", "wrong", "refused"]),
  missingEvidence: z.array(z.string()),
  searchCredit: z.boolean(),
  degradation: z.enum(["forget", "lead-astray", "unknown"]).nullable(),
});
export type WebDetectiveStoredSample = z.infer<typeof webDetectiveStoredSampleSchema>;

export const evoStoredSampleSchema = z.object({
  ...common,
  language: z.enum(["en", "zh"]),
  setting: z.enum(["tool-based", "tool-free"]),
  toolCallLimit: z.number(),
  toolCallsCounted: z.boolean(),
  domain: z.string().nullable(),
  hops: z.number().nullable(),
  freshEvidence: z.boolean().nullable(),
  rootDomains: z.number().nullable(),
  exceeded: z.boolean().nullable(),
});
export type EvoStoredSample = z.infer<typeof evoStoredSampleSchema>;

export const infoMosaicStoredSampleSchema = z.object({
  domain: z.enum(["map", "bio", "financial", "web", "video", "multidomain"]),
  score: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  passRate: z.number().nullable(),
  passRateOverOne: z.number().nullable(),
  numToolCalls: z.number().nullable(),
  /** Tool-call turns in the release's unit (`toolCallTurns`). */
  toolCallTurns: z.number(),
  extractedResponse: z.string().nullable(),
  /** Per testcase: the judge's verdict when readable ("CORRECT"/"INCORRECT"/other), else null. */
  testcaseVerdicts: z.array(z.string().nullable()),
});
export type InfoMosaicStoredSample = z.infer<typeof infoMosaicStoredSampleSchema>;

/** Stored samples back into the pure modules' inputs. */
export function qaInputFromStored(taskId: string, run: number, m: QaStoredSample): QaSampleInput {
  return { taskId, run, correct: m.verdict === "correct", judged: m.verdict !== null, confidence: m.statedConfidence ?? m.judgeConfidence };
}

export function webDetectiveInputFromStored(taskId: string, run: number, m: WebDetectiveStoredSample): WebDetectiveSampleInput {
  return {
    taskId,
    run,
    evidence: m.evidence,
    refused: m.refused,
    correct: m.verdict === "correct",
    judged: m.verdict !== null,
    hopsUsed: m.hopsUsed,
    hopsGt: m.hopsGt,
    searched: m.searched,
    cleanEvidenceCorrect: m.cleanEvidenceCorrect,
  };
}

export function evoInputFromStored(taskId: string, run: number, version: string, m: EvoStoredSample): EvoSampleInput {
  return {
    taskId,
    run,
    language: m.language,
    setting: m.setting,
    correct: m.verdict === "correct",
    judged: m.verdict !== null,
    toolCalls: m.toolCalls,
    toolCallLimit: m.toolCallLimit,
    confidence: m.statedConfidence ?? m.judgeConfidence,
    benchmarkVersion: version,
    domain: m.domain,
    hops: m.hops,
    freshEvidence: m.freshEvidence,
    rootDomains: m.rootDomains,
  };
}

export function infoMosaicInputFromStored(taskId: string, m: InfoMosaicStoredSample, messages: InfoMosaicSampleInput["messages"]): InfoMosaicSampleInput {
  return { taskId, domain: m.domain as InfoMosaicDomain, score: m.score, passRate: m.passRate, numToolCalls: m.numToolCalls, messages };
}

/** The per-testcase verdicts from the judge's text (first fenced JSON block, in key order); nulls when unreadable. */
export function testcaseVerdictsFrom(block: string | null, testcaseCount: number): (string | null)[] {
  const none = new Array<string | null>(testcaseCount).fill(null);
  if (block === null) return none;
  let value: unknown;
  try {
    value = JSON.parse(block);
  } catch {
    return none;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return none;
  const values = Object.values(value).map((v) => (typeof v === "string" ? v : null));
  return none.map((_, i) => values[i] ?? null);
}

/** QA submissions are stored with benchmark_version `<dataset>@<version>`: the dataset namespaces the tasks. */
export function qaVersionKey(dataset: string, version: string): string {
  return `${dataset}@${version}`;
}

export function qaDatasetOf(versionKey: string): { dataset: string; version: string } {
  const at = versionKey.lastIndexOf("@");
  return at < 0 ? { dataset: versionKey, version: "v1" } : { dataset: versionKey.slice(0, at), version: versionKey.slice(at + 1) };
}
