import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { BundleError, detailsFromZod } from "./errors";
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from "./json-depth";
import { SEEKBOARD_MANIFEST_SCHEMAS, type EvoBrowseCompManifest, type QaManifest, type WebDetectiveManifest } from "../bundle-format/schema";
import { INFOMOSAIC_AGENT_SETTINGS } from "../benchmarks/infomosaic/formats";

export const MPW_SETTINGS = ["A", "B-guidance", "B-fewshot", "C"] as const;
export type MpwSetting = (typeof MPW_SETTINGS)[number];

const relativeFile = z.string().min(1, "must name a file in the bundle");

export const mpwManifestSchema = z.object({
  benchmark: z.literal("mpw"),
  model: z.string().trim().min(1, "model is required"),
  setting: z.enum(MPW_SETTINGS),
  results: z.array(relativeFile).min(1, "at least one results file is required"),
  tasks: relativeFile.optional(),
  agent: z.string().trim().min(1).optional(),
  benchmarkVersion: z.string().trim().min(1).default("v1"),
});

export type MpwManifest = z.infer<typeof mpwManifestSchema>;

/**
 * WideSearch: either native files (tasks, a folder of gold CSVs, response files: the
 * tables are scored here) or results only (the producer's per-run evaluation CSVs,
 * optionally with each run's summary JSON to check against).
 */
export const wideSearchManifestSchema = z
  .object({
    benchmark: z.literal("widesearch"),
    model: z.string().trim().min(1, "model is required"),
    setting: z.string().trim().min(1).default("single-agent"),
    agent: z.string().trim().min(1).optional(),
    benchmarkVersion: z.string().trim().min(1).default("v1"),
    tasks: relativeFile.optional(),
    gold: relativeFile.optional(),
    results: z.array(relativeFile).min(1).optional(),
    evaluations: z.array(relativeFile).min(1).optional(),
    summaries: z.array(relativeFile).optional(),
  })
  .superRefine((m, ctx) => {
    const native = m.tasks !== undefined || m.gold !== undefined || m.results !== undefined;
    if (native && m.evaluations) ctx.addIssue({ code: "custom", path: ["evaluations"], message: "give either native files (tasks, gold, results) or evaluations, not both" });
    if (!native && !m.evaluations) ctx.addIssue({ code: "custom", path: ["results"], message: "give native files (tasks, gold, results) or evaluations" });
    if (native) {
      for (const key of ["tasks", "gold", "results"] as const) {
        if (m[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required with native WideSearch files` });
      }
    }
    if (m.summaries && (!m.evaluations || m.summaries.length !== m.evaluations.length)) {
      ctx.addIssue({ code: "custom", path: ["summaries"], message: "summaries pair one to one with evaluations" });
    }
  });

export type WideSearchManifest = z.infer<typeof wideSearchManifestSchema>;

export const INFOMOSAIC_SETTINGS = ["web-only", "domain-tool", "no-tool"] as const;

/**
 * InfoMosaic-Bench: the release's evaluation files (`{domain}_eval.jsonl`, one per domain,
 * as `output/{agent}/{llm}/` holds them), optionally the gold file
 * (`info_mosaic_gt_answer.jsonl`) to fill testcases an evaluation line lacks. The setting
 * is given, or derived from the release's agent name (`agent_w_web_tool` → web-only,
 * `agent_w_multi_tool` → domain-tool, `agent_wo_tool` → no-tool).
 */
export const infoMosaicManifestSchema = z
  .object({
    benchmark: z.literal("infomosaic"),
    model: z.string().trim().min(1, "model is required"),
    agent: z.string().trim().min(1).optional(),
    setting: z.enum(INFOMOSAIC_SETTINGS).optional(),
    benchmarkVersion: z.string().trim().min(1).default("v1"),
    gold: relativeFile.optional(),
    evaluations: z.array(relativeFile).min(1, "at least one evaluation file ({domain}_eval.jsonl) is required"),
  })
  .transform((m, ctx) => {
    const derived = m.agent && Object.hasOwn(INFOMOSAIC_AGENT_SETTINGS, m.agent) ? INFOMOSAIC_AGENT_SETTINGS[m.agent as keyof typeof INFOMOSAIC_AGENT_SETTINGS] : undefined;
    const setting = m.setting ?? derived;
    if (!setting) {
      ctx.addIssue({ code: "custom", path: ["setting"], message: `setting is required (${INFOMOSAIC_SETTINGS.join(", ")}) unless agent is one of ${Object.keys(INFOMOSAIC_AGENT_SETTINGS).join(", ")}` });
      return z.NEVER;
    }
    return { ...m, setting };
  });

export type InfoMosaicManifest = z.output<typeof infoMosaicManifestSchema>;

/** Benchmarks whose bundles this build can import. */
export const MANIFEST_SCHEMAS = {
  mpw: mpwManifestSchema,
  widesearch: wideSearchManifestSchema,
  ...SEEKBOARD_MANIFEST_SCHEMAS,
  infomosaic: infoMosaicManifestSchema,
} as const;
export type ImportableBenchmark = keyof typeof MANIFEST_SCHEMAS;
export type Manifest = MpwManifest | WideSearchManifest | WebDetectiveManifest | EvoBrowseCompManifest | QaManifest | InfoMosaicManifest;

const MAX_MANIFEST_BYTES = 1 << 20;

/** manifest.json as plain JSON: strict UTF-8, bounded size and depth. */
function readManifestJson(root: string): unknown {
  const path = join(root, "manifest.json");
  if (statSync(path).size > MAX_MANIFEST_BYTES) throw BundleError.at("manifest.json", null, null, "manifest.json is larger than 1 MiB");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(path));
  } catch {
    throw BundleError.at("manifest.json", null, null, "not valid UTF-8");
  }
  if (jsonNestedDeeperThan(text)) throw BundleError.at("manifest.json", null, null, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw BundleError.at("manifest.json", null, null, `invalid JSON: ${(error as Error).message}`);
  }
}

export function readManifest(root: string): Manifest {
  const raw = readManifestJson(root);
  const benchmark = z.object({ benchmark: z.string() }).safeParse(raw);
  if (!benchmark.success) throw new BundleError(detailsFromZod("manifest.json", null, benchmark.error));
  const name = benchmark.data.benchmark;
  if (!Object.hasOwn(MANIFEST_SCHEMAS, name)) {
    throw BundleError.at("manifest.json", null, "benchmark", `unknown benchmark "${name}"; known: ${Object.keys(MANIFEST_SCHEMAS).join(", ")}`);
  }
  const parsed = MANIFEST_SCHEMAS[name as ImportableBenchmark].safeParse(raw);
  if (!parsed.success) throw new BundleError(detailsFromZod("manifest.json", null, parsed.error));
  return parsed.data;
}

/** Manifest fields an uploader may set or correct beside the bundle (the upload form's fields). */
export interface ManifestOverrides {
  benchmark?: string;
  model?: string;
  agent?: string;
  setting?: string;
}

/**
 * Writes the overrides into an unpacked bundle's manifest.json, only when one differs
 * from what the manifest says: an upload that changes nothing keeps the bundle's
 * content hash, so it is still recognised as a duplicate of the same bundle ingested
 * another way. The result is validated later, as any manifest.
 */
export function applyManifestOverrides(root: string, overrides: ManifestOverrides): void {
  const raw = readManifestJson(root);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return;
  const manifest = raw as Record<string, unknown>;
  let changed = false;
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || manifest[key] === value) continue;
    manifest[key] = value;
    changed = true;
  }
  if (changed) writeFileSync(join(root, "manifest.json"), JSON.stringify(manifest, null, 2));
}
