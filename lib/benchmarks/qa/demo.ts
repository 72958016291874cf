import "server-only";
/** Deterministic synthetic demo bundles for generic QA (Seekboard bundle format v1): two datasets, with stated confidence for calibration. */
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

export const DEMO_QA_DATASETS = ["browsecomp-demo", "frames-demo"] as const;
export const DEMO_QA_TASKS = 80;
export const DEMO_QA_MODELS = [
  { model: "Atlas-Pro (demo)", p: 0.52, overconfidence: 10 },
  { model: "Beacon-32B (demo)", p: 0.34, overconfidence: 30 },
  { model: "Cobalt-Mini (demo)", p: 0.2, overconfidence: 45 },
] as const;

type QaDataset = (typeof DEMO_QA_DATASETS)[number];
type QaModel = (typeof DEMO_QA_MODELS)[number];

const price = (prompt: number, completion: number) => ({ prompt, completion });
/**
 * What each sample reports it spent (null: no usage). On browsecomp-demo all three report
 * dollars: Cobalt-Mini cheap and weak, Atlas-Pro dear and strong, Beacon-32B between them
 * on both axes yet below the line joining them (on the Pareto front, off the convex hull).
 * On frames-demo Beacon-32B reports nothing and Cobalt-Mini tokens and time, no dollars.
 */
const DEMO_QA_SPEND: Record<QaDataset, Record<QaModel["model"], DemoSpend | null>> = {
  "browsecomp-demo": {
    "Atlas-Pro (demo)": {
      promptTokensPerTurn: 12000,
      completionTokensPerTurn: 1500,
      usdPerMillion: price(2.5, 10),
      secondsPerTurn: 20,
    },
    "Beacon-32B (demo)": {
      promptTokensPerTurn: 10000,
      completionTokensPerTurn: 2000,
      usdPerMillion: price(1.2, 4.8),
      secondsPerTurn: 26,
    },
    "Cobalt-Mini (demo)": {
      promptTokensPerTurn: 8000,
      completionTokensPerTurn: 800,
      usdPerMillion: price(0.15, 0.6),
      secondsPerTurn: 6,
    },
  },
  "frames-demo": {
    "Atlas-Pro (demo)": {
      promptTokensPerTurn: 9000,
      completionTokensPerTurn: 1200,
      usdPerMillion: price(2.5, 10),
      secondsPerTurn: 16,
    },
    "Beacon-32B (demo)": null,
    "Cobalt-Mini (demo)": {
      promptTokensPerTurn: 6000,
      completionTokensPerTurn: 600,
      usdPerMillion: null,
      secondsPerTurn: 5,
    },
  },
};

/** The demo's tied pair: Atlas-Pro's browsecomp-demo runs submitted again under another agent name, without usage. */
const RESUBMISSION = {
  dataset: "browsecomp-demo",
  model: DEMO_QA_MODELS[0],
  agent: "ReAct, resubmitted (demo)",
} as const;

function qaLines(dataset: QaDataset, m: QaModel, spend: DemoSpend | null) {
  const lines = [];
  for (let t = 0; t < DEMO_QA_TASKS; t++) {
    const rng = seededRandom(seedFrom(`qa-${dataset}-${m.model}-${t}`));
    const correct = rng() < m.p * (dataset === "frames-demo" ? 1.3 : 1);
    const confidence = Math.round(
      Math.min(100, Math.max(0, (correct ? 65 : 35) + m.overconfidence + (rng() - 0.5) * 30)),
    );
    const question = `${dataset} question ${t + 1}: between which dates did the described event happen?`;
    const gold = `Gold-${t + 1}`;
    const prediction = correct ? gold : `Other-${t + 1}`;
    lines.push({
      task_id: String(t + 1),
      question,
      gold_answer: gold,
      prediction,
      verdict: correct ? "correct" : "incorrect",
      judge: {
        model: "demo-judge",
        output: `correct: ${correct ? "yes" : "no"}`,
        extracted_final_answer: prediction,
      },
      status: "finished",
      messages: demoTrajectory(
        question,
        [{ name: "search", args: { query: question.slice(0, 40) }, result: "Top results: …" }],
        `Exact Answer: ${prediction}\nConfidence: ${confidence}%`,
      ),
      // One search call and the answer: two turns.
      ...(spend ? { usage: demoUsage(spend, 2, `qa-usage-${dataset}-${m.model}-${t}`) } : {}),
      benchmark: { stated_confidence: confidence },
    });
  }
  return lines;
}

function qaBundle(
  dataset: QaDataset,
  m: QaModel,
  agent: string,
  spend: DemoSpend | null,
): DemoFiles {
  const manifest = {
    benchmark: "qa",
    format: "seekboard-v1",
    model: m.model,
    agent,
    setting: "default",
    dataset,
    judgeModel: "demo-judge",
    results: ["results.jsonl"],
  };
  const name = `qa-${dataset}-${slug(m.model)}${agent === RESUBMISSION.agent ? "-resubmitted" : ""}`;
  return {
    name,
    model: m.model,
    setting: "default",
    files: {
      "manifest.json": JSON.stringify(manifest, null, 2),
      "results.jsonl": jsonl(qaLines(dataset, m, spend)),
    },
  };
}

export function demoQaBundles(): DemoFiles[] {
  const bundles = DEMO_QA_DATASETS.flatMap((dataset) =>
    DEMO_QA_MODELS.map((m) =>
      qaBundle(dataset, m, "ReAct (demo)", DEMO_QA_SPEND[dataset][m.model]),
    ),
  );
  return [...bundles, qaBundle(RESUBMISSION.dataset, RESUBMISSION.model, RESUBMISSION.agent, null)];
}

/** Seeded after MPW and WideSearch, in the order the demo has always had. */
export const qaDemo = inMemoryDemo(5, demoQaBundles);
