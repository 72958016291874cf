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

/**
 * The demo's resubmission: Atlas-Pro's browsecomp-demo runs submitted again by the same team
 * and agent, a little slower (so its bytes are new). The board shows it once, the latest,
 * with the first upload listed under it.
 */
const RESUBMISSION = {
  dataset: "browsecomp-demo",
  model: DEMO_QA_MODELS[0],
  agent: "ReAct (demo)",
} as const;

const FIRST_NAMES = ["Ines", "Tomasz", "Mireille", "Kwame", "Saoirse", "Haruto", "Lucía", "Anders"];
const LAST_NAMES = [
  "Okonkwo",
  "Varga",
  "Lindqvist",
  "Moreau",
  "Takeda",
  "Castellano",
  "Brennan",
  "Haddad",
];
const CITIES = ["Tartu", "Ghent", "Bologna", "Leipzig", "Porto", "Kraków", "Lyon", "Valencia"];
const MONTHS = ["January", "March", "May", "June", "September", "November"];

/** A demo question with its gold answer and the wrong answer a model gives instead, of the same kind. */
interface QaItem {
  question: string;
  gold: string;
  wrong: string;
  /** The search a model runs first. */
  query: string;
  /** A search result's sentence stating `answer`. */
  says: (answer: string) => string;
}

/** Task `t` of a demo dataset: invented people, places and events (no real one is described), drawn from their own stream so the outcomes stay as they were. */
function qaItem(dataset: QaDataset, t: number): QaItem {
  const random = seededRandom(seedFrom(`qa-item-${dataset}-${t}`));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const city = pick(CITIES);
  const year = 1962 + Math.floor(random() * 58);
  const person = () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
  const kind = (dataset === "frames-demo" ? t + 1 : t) % 5;
  switch (kind) {
    case 0: {
      const gold = person();
      let wrong = person();
      while (wrong === gold) wrong = person();
      return {
        question: `Which chemist, born in ${city} in ${year}, later led the laboratory that patented a ${pick(["solid-state battery", "biodegradable resin", "water-splitting catalyst"])}? Give the full name.`,
        gold,
        wrong,
        query: `chemist born ${city} ${year} laboratory patent`,
        says: (a) => `${a}, born in ${city} in ${year}, headed the laboratory named on the patent.`,
      };
    }
    case 1: {
      const day = 1 + Math.floor(random() * 28);
      const month = pick(MONTHS);
      const reopened = year + 1 + Math.floor(random() * 3);
      return {
        question: `On what date did the old stone bridge in ${city} reopen after the renovation that began in ${year}?`,
        gold: `${day} ${month} ${reopened}`,
        wrong: `${day <= 14 ? day + 7 : day - 7} ${month} ${reopened}`,
        query: `${city} stone bridge reopened renovation ${year}`,
        says: (a) => `The old stone bridge reopened to traffic on ${a}.`,
      };
    }
    case 2: {
      const seats = 4 + Math.floor(random() * 20);
      return {
        question: `How many seats did the Green list win in the ${city} city council election of ${year}?`,
        gold: String(seats),
        wrong: String(seats + 1 + Math.floor(random() * 3)),
        query: `${city} city council election ${year} results Green list seats`,
        says: (a) => `${city} council ${year}: the Green list took ${a} seats.`,
      };
    }
    case 3: {
      const gold = pick(CITIES.filter((c) => c !== city));
      return {
        question: `In which city was the chamber music festival founded by a conductor from ${city} first held, in ${year}?`,
        gold,
        wrong: city,
        query: `chamber music festival ${year} founded conductor from ${city}`,
        says: (a) => `The festival's first season opened in ${a} in ${year}.`,
      };
    }
    default: {
      const gap = 3 + Math.floor(random() * 30);
      return {
        question: `How many years after the ${city} observatory opened (in ${year}) did it record its first comet discovery?`,
        gold: String(gap),
        wrong: String(gap + (random() < 0.5 ? -2 : 2)),
        query: `${city} observatory opened ${year} first comet discovery`,
        says: (a) =>
          `Opened in ${year}, the ${city} observatory logged its first comet ${a} years later.`,
      };
    }
  }
}

function qaLines(dataset: QaDataset, m: QaModel, spend: DemoSpend | null) {
  const lines = [];
  for (let t = 0; t < DEMO_QA_TASKS; t++) {
    const rng = seededRandom(seedFrom(`qa-${dataset}-${m.model}-${t}`));
    const correct = rng() < m.p * (dataset === "frames-demo" ? 1.3 : 1);
    const confidence = Math.round(
      Math.min(100, Math.max(0, (correct ? 65 : 35) + m.overconfidence + (rng() - 0.5) * 30)),
    );
    const item = qaItem(dataset, t);
    const prediction = correct ? item.gold : item.wrong;
    lines.push({
      task_id: String(t + 1),
      question: item.question,
      gold_answer: item.gold,
      prediction,
      verdict: correct ? "correct" : "incorrect",
      judge: {
        model: "demo-judge",
        output: `extracted_final_answer: ${prediction}\nreasoning: ${correct ? "matches" : `does not match ${item.gold}`}\ncorrect: ${correct ? "yes" : "no"}`,
        extracted_final_answer: prediction,
      },
      status: "finished",
      messages: demoTrajectory(
        item.question,
        [
          {
            name: "search",
            args: { query: item.query },
            // The result the model trusted: it states the answer the model gives.
            result: `Top results:\n1. ${item.says(prediction)}\n2. A page on ${item.query.split(" ").slice(0, 3).join(" ")}, without the answer.`,
          },
        ],
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
  resubmitted = false,
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
  const name = `qa-${dataset}-${slug(m.model)}${resubmitted ? "-resubmitted" : ""}`;
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
  const first = DEMO_QA_SPEND[RESUBMISSION.dataset][RESUBMISSION.model.model];
  const again = first && { ...first, secondsPerTurn: (first.secondsPerTurn ?? 0) + 1 };
  return [
    ...bundles,
    qaBundle(RESUBMISSION.dataset, RESUBMISSION.model, RESUBMISSION.agent, again, true),
  ];
}

/** Seeded after MPW and WideSearch, in the order the demo has always had. */
export const qaDemo = inMemoryDemo(5, demoQaBundles);
