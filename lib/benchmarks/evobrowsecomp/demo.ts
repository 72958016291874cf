import "server-only";
/** Deterministic synthetic EvoBrowseComp demo bundles (Seekboard bundle format v1): two question versions, both languages, tool-based and tool-free runs. */
import {
  type DemoFiles,
  type DemoSpend,
  demoTrajectory,
  demoUsage,
  inMemoryDemo,
  jsonl,
  slug,
} from "../../demo/files";
import { seededRandom, seedFrom } from "../../random";

export const DEMO_EVO_VERSIONS = ["2025-10", "2026-01"] as const;
export const DEMO_EVO_RUNS = 3;
export const DEMO_EVO_TASKS_PER_LANGUAGE = 25;
export const DEMO_EVO_MODELS = [
  { model: "Atlas-Pro (demo)", base: 0.55, free: 0.18 },
  { model: "Beacon-32B (demo)", base: 0.38, free: 0.1 },
  { model: "Cobalt-Mini (demo)", base: 0.24, free: 0.06 },
] as const;
const price = (prompt: number, completion: number) => ({ prompt, completion });
/**
 * What each sample reports it spent, by version and model (null: no usage). On 2025-10
 * every submission reports dollars: Cobalt-Mini is cheap and weak, Atlas-Pro dear and
 * strong, Beacon-32B dearer still and weaker (dominated). On 2026-01 Beacon-32B reports
 * tokens and time but no dollars, Cobalt-Mini nothing. The manifests name no judge model:
 * the samples' judge.model gives it.
 */
const DEMO_EVO_SPEND: Record<
  (typeof DEMO_EVO_VERSIONS)[number],
  Record<(typeof DEMO_EVO_MODELS)[number]["model"], DemoSpend | null>
> = {
  "2025-10": {
    "Atlas-Pro (demo)": {
      promptTokensPerTurn: 5200,
      completionTokensPerTurn: 450,
      usdPerMillion: price(2.5, 10),
      secondsPerTurn: 7,
    },
    "Beacon-32B (demo)": {
      promptTokensPerTurn: 9000,
      completionTokensPerTurn: 900,
      usdPerMillion: price(2, 8),
      secondsPerTurn: 11,
    },
    "Cobalt-Mini (demo)": {
      promptTokensPerTurn: 3000,
      completionTokensPerTurn: 300,
      usdPerMillion: price(0.15, 0.6),
      secondsPerTurn: 3,
    },
  },
  "2026-01": {
    "Atlas-Pro (demo)": {
      promptTokensPerTurn: 5600,
      completionTokensPerTurn: 480,
      usdPerMillion: price(2.5, 10),
      secondsPerTurn: 7.5,
    },
    "Beacon-32B (demo)": {
      promptTokensPerTurn: 9400,
      completionTokensPerTurn: 950,
      usdPerMillion: null,
      secondsPerTurn: 11,
    },
    "Cobalt-Mini (demo)": null,
  },
};
const EVO_DOMAINS = [
  "science",
  "technology",
  "sports",
  "finance",
  "politics",
  "culture",
  "health",
  "geography",
  "history",
];

export function demoEvoBundles(): DemoFiles[] {
  const bundles: DemoFiles[] = [];
  for (const version of DEMO_EVO_VERSIONS) {
    // Newer versions are harder (fresher evidence).
    const shift = version === "2026-01" ? -0.08 : 0;
    for (const m of DEMO_EVO_MODELS) {
      const spend = DEMO_EVO_SPEND[version][m.model];
      const files: Record<string, string> = {};
      for (let run = 0; run < DEMO_EVO_RUNS; run++) {
        const lines = [];
        for (const language of ["en", "zh"] as const) {
          for (let t = 0; t < DEMO_EVO_TASKS_PER_LANGUAGE; t++) {
            const id = `evo-${version}-${language}-${String(t + 1).padStart(3, "0")}`;
            const hard = seededRandom(seedFrom(`evo-task-${id}`))();
            for (const setting of ["tool-based", "tool-free"] as const) {
              const rng = seededRandom(seedFrom(`evo-${m.model}-${id}-${setting}-${run}`));
              const p =
                (setting === "tool-based" ? m.base + shift : m.free) *
                (language === "zh" ? 0.85 : 1) *
                (1.4 - hard * 0.8);
              const correct = rng() < p;
              const toolCalls =
                setting === "tool-free" ? 0 : Math.min(40, Math.floor(rng() ** 1.5 * 48));
              const confidence = Math.round(
                Math.min(100, Math.max(5, (correct ? 70 : 50) + (rng() - 0.5) * 50)),
              );
              const question =
                language === "en"
                  ? `EvoBrowseComp ${version} question ${t + 1}: which organisation matches every clue?`
                  : `EvoBrowseComp ${version} 第${t + 1}题：哪个机构符合所有线索？`;
              const gold = `Answer-${language}-${t + 1}`;
              const prediction = correct ? gold : `Guess-${Math.floor(rng() * 100)}`;
              const shown = Math.min(toolCalls, 3);
              lines.push({
                task_id: setting === "tool-based" ? id : `${id}/tool-free`,
                run,
                question,
                gold_answer: gold,
                prediction,
                verdict: correct ? "correct" : "incorrect",
                judge: {
                  model: "demo-judge",
                  output: `extracted_final_answer: ${prediction}\nreasoning: ${correct ? "matches the gold answer" : "does not match"}\ncorrect: ${correct ? "yes" : "no"}`,
                  extracted_final_answer: prediction,
                  confidence,
                },
                status: toolCalls >= 40 ? "max_tool_calls_reached" : "finished",
                messages: demoTrajectory(
                  question,
                  Array.from({ length: shown }, (_, i) => ({
                    name: "search",
                    args: { query: `${id} clue ${i + 1}` },
                    result: `Snippet ${i + 1} about ${id}`,
                  })),
                  `Explanation: …\nExact Answer: ${prediction}\nConfidence: ${confidence}%`,
                ),
                ...(spend
                  ? {
                      usage: demoUsage(
                        spend,
                        toolCalls + 1,
                        `evo-usage-${m.model}-${id}-${setting}-${run}`,
                      ),
                    }
                  : {}),
                benchmark: {
                  language,
                  setting,
                  tool_call_limit: 40,
                  tool_calls: toolCalls,
                  domain: EVO_DOMAINS[t % EVO_DOMAINS.length],
                  hops: 2 + (t % 4),
                  fresh_evidence: t % 3 !== 0,
                  root_domains: 2 + (t % 5),
                  stated_confidence: confidence,
                },
              });
            }
          }
        }
        files[`run${run}.jsonl`] = jsonl(lines);
      }
      const manifest = {
        benchmark: "evobrowsecomp",
        format: "seekboard-v1",
        model: m.model,
        agent: "ReAct (demo)",
        setting: "default",
        benchmarkVersion: version,
        results: Object.keys(files),
      };
      files["manifest.json"] = JSON.stringify(manifest, null, 2);
      bundles.push({
        name: `evo-${version}-${slug(m.model)}`,
        model: m.model,
        setting: "default",
        files,
      });
    }
  }
  return bundles;
}

/** Seeded after MPW and WideSearch, in the order the demo has always had. */
export const evoBrowseCompDemo = inMemoryDemo(4, demoEvoBundles);
