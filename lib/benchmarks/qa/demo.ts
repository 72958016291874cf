/** Deterministic synthetic demo bundles for generic QA (Seekboard bundle format v1): two datasets, with stated confidence for calibration. */
import { type DemoFiles, demoTrajectory, inMemoryDemo, jsonl, slug } from "../../demo/files";
import { seededRandom, seedFrom } from "../../random";

export const DEMO_QA_DATASETS = ["browsecomp-demo", "frames-demo"] as const;
export const DEMO_QA_TASKS = 80;
export const DEMO_QA_MODELS = [
  { model: "Atlas-Pro (demo)", p: 0.52, overconfidence: 10 },
  { model: "Beacon-32B (demo)", p: 0.34, overconfidence: 30 },
  { model: "Cobalt-Mini (demo)", p: 0.2, overconfidence: 45 },
] as const;

export function demoQaBundles(): DemoFiles[] {
  const bundles: DemoFiles[] = [];
  for (const dataset of DEMO_QA_DATASETS) {
    for (const m of DEMO_QA_MODELS) {
      const lines = [];
      for (let t = 0; t < DEMO_QA_TASKS; t++) {
        const rng = seededRandom(seedFrom(`qa-${dataset}-${m.model}-${t}`));
        const correct = rng() < m.p * (dataset === "frames-demo" ? 1.3 : 1);
        const confidence = Math.round(Math.min(100, Math.max(0, (correct ? 65 : 35) + m.overconfidence + (rng() - 0.5) * 30)));
        const question = `${dataset} question ${t + 1}: between which dates did the described event happen?`;
        const gold = `Gold-${t + 1}`;
        const prediction = correct ? gold : `Other-${t + 1}`;
        lines.push({
          task_id: String(t + 1),
          question,
          gold_answer: gold,
          prediction,
          verdict: correct ? "correct" : "incorrect",
          judge: { model: "demo-judge", output: `correct: ${correct ? "yes" : "no"}`, extracted_final_answer: prediction },
          status: "finished",
          messages: demoTrajectory(question, [{ name: "search", args: { query: question.slice(0, 40) }, result: "Top results: …" }], `Exact Answer: ${prediction}\nConfidence: ${confidence}%`),
          benchmark: { stated_confidence: confidence },
        });
      }
      const manifest = { benchmark: "qa", format: "seekboard-v1", model: m.model, agent: "ReAct (demo)", setting: "default", dataset, results: ["results.jsonl"] };
      bundles.push({ name: `qa-${dataset}-${slug(m.model)}`, model: m.model, setting: "default", files: { "manifest.json": JSON.stringify(manifest, null, 2), "results.jsonl": jsonl(lines) } });
    }
  }
  return bundles;
}

/** Seeded after MPW and WideSearch, in the order the demo has always had. */
export const qaDemo = inMemoryDemo(5, demoQaBundles);
