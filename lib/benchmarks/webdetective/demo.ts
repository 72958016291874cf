import "server-only";
/** Deterministic synthetic WebDetective demo bundles (Seekboard bundle format v1): each sample's evidence chain, refusals and trajectory drawn from the demo model's rates. */
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

/**
 * `spend`: the usage each sample reports (null: none). No submission reports dollars, so
 * the cost plot falls back to tokens. `judgeNamed`: whether the manifest and samples name
 * the judge model (Cobalt-Mini's name none, so it fails the "judge model declared" check).
 */
export const DEMO_WEBDETECTIVE_MODELS: readonly {
  model: string;
  search: number;
  probe: number;
  util: number;
  refuse: number;
  lucky: number;
  spend: DemoSpend | null;
  judgeNamed: boolean;
}[] = [
  {
    model: "Atlas-Pro (demo)",
    search: 0.78,
    probe: 0.55,
    util: 0.72,
    refuse: 0.12,
    lucky: 0.15,
    spend: {
      promptTokensPerTurn: 6200,
      completionTokensPerTurn: 700,
      usdPerMillion: null,
      secondsPerTurn: 9,
    },
    judgeNamed: true,
  },
  {
    model: "Beacon-32B (demo)",
    search: 0.62,
    probe: 0.4,
    util: 0.45,
    refuse: 0.45,
    lucky: 0.05,
    spend: {
      promptTokensPerTurn: 4800,
      completionTokensPerTurn: 1100,
      usdPerMillion: null,
      secondsPerTurn: null,
    },
    judgeNamed: true,
  },
  {
    model: "Cobalt-Mini (demo)",
    search: 0.5,
    probe: 0.3,
    util: 0.3,
    refuse: 0.2,
    lucky: 0.08,
    spend: null,
    judgeNamed: false,
  },
];
export const DEMO_WEBDETECTIVE_TASKS = 100;

const FIRST_NAMES = [
  "Ines",
  "Tomasz",
  "Mireille",
  "Kwame",
  "Saoirse",
  "Haruto",
  "Lucía",
  "Anders",
  "Zofia",
  "Emeka",
  "Aino",
];
const LAST_NAMES = [
  "Okonkwo",
  "Varga",
  "Lindqvist",
  "Moreau",
  "Takeda",
  "Castellano",
  "Brennan",
  "Haddad",
  "Novak",
];
const CITIES = ["Tartu", "Ghent", "Bologna", "Leipzig", "Porto", "Kraków", "Lyon", "Valencia"];
const BUILDINGS = ["central library", "concert hall", "railway station", "botanical garden"];
/** Each hop of a chain: how the question names the next person from the one before. */
const HOPS = ["the doctoral adviser of", "the sculptor of the bust of", "the teacher of"] as const;

/** One of the demo's invented people (no real person is described). */
const person = (n: number) =>
  `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}`;

/**
 * Chain `t`, hint-free as WebDetective's questions are: from a building's architect, hop by
 * hop to the person asked for. Link i (evidence e{i+1}) names person i of the chain.
 */
function chainOf(t: number, hops: number) {
  const anchor = `the ${CITIES[t % CITIES.length]} ${BUILDINGS[t % BUILDINGS.length]}`;
  const relations = ["the architect of", ...HOPS].slice(0, hops);
  const people = relations.map((_, i) => person(t * 37 + i * 23));
  const phrase = relations.reduce((inner, r) => `${r} ${inner}`, anchor);
  const links = relations.map((r, i) => ({
    query: `${r.replace(/^the /, "")} ${i === 0 ? anchor.replace(/^the /, "") : people[i - 1]}`,
    page: `${r.replace(/^the /, "").replace(/^\w/, (c) => c.toUpperCase())} ${i === 0 ? anchor : people[i - 1]}: ${people[i]}`,
  }));
  return { question: `Who is ${phrase}?`, gold: people[hops - 1], links };
}

export function demoWebDetectiveBundles(): DemoFiles[] {
  return DEMO_WEBDETECTIVE_MODELS.map((m) => {
    const lines = [];
    for (let t = 0; t < DEMO_WEBDETECTIVE_TASKS; t++) {
      const taskRng = seededRandom(seedFrom(`wd-task-${t}`));
      const hopsGt = 2 + Math.floor(taskRng() * 3);
      const rng = seededRandom(seedFrom(`wd-${m.model}-${t}`));
      const chain = chainOf(t, hopsGt);
      const question = chain.question;
      const gold = chain.gold;
      const evidence = Array.from({ length: hopsGt }, (_, i) => {
        const found = rng() < m.search;
        return {
          id: `e${i + 1}`,
          found_by_search: found,
          probe_correct: found ? null : rng() < m.probe,
        };
      });
      const sufficient = evidence.every((e) => e.found_by_search || e.probe_correct);
      let refused = false;
      let correct = false;
      if (sufficient) {
        correct = rng() < m.util;
        refused = !correct && rng() < m.refuse / 2;
      } else {
        refused = rng() < m.refuse;
        correct = !refused && rng() < m.lucky;
      }
      const found = evidence.filter((e) => e.found_by_search);
      // The calls below return the found links in order: link found[i] comes from call i + 1.
      const foundAt = new Map(found.map((e, i) => [e.id, i + 1]));
      const hopsUsed = Math.max(found.length, Math.round(hopsGt * (0.6 + rng())));
      // The links it found, in order; then searches for the first link it missed (or, with none missed, checks of the last one) that return nothing.
      const missing = evidence.findIndex((e) => !e.found_by_search);
      const retried = chain.links[missing === -1 ? hopsGt - 1 : missing];
      const calls = Array.from({ length: hopsUsed }, (_, i) => {
        const link = i < found.length ? chain.links[Number(found[i].id.slice(1)) - 1] : null;
        return {
          name: "search",
          args: { query: (link ?? retried).query },
          result: link
            ? `Result (evidence ${found[i].id}): ${link.page}`
            : `Result: nothing relevant for "${retried.query}"`,
        };
      });
      const prediction = refused ? null : correct ? gold : person(t * 37 + 5);
      const answer = refused
        ? "I could not establish the answer with the evidence found."
        : `The answer is ${prediction}.`;
      lines.push({
        task_id: `wd-${String(t + 1).padStart(4, "0")}`,
        question,
        gold_answer: gold,
        prediction,
        verdict: correct ? "correct" : "incorrect",
        judge: {
          ...(m.judgeNamed ? { model: "demo-judge" } : {}),
          output: correct
            ? "Conclusion: Correct"
            : refused
              ? "Conclusion: Refused (no answer)"
              : "Conclusion: Incorrect",
        },
        status: "finished",
        messages: demoTrajectory(question, calls, answer),
        ...(m.spend ? { usage: demoUsage(m.spend, hopsUsed + 1, `wd-usage-${m.model}-${t}`) } : {}),
        benchmark: {
          evidence: evidence.map((e) => ({ ...e, found_at_call: foundAt.get(e.id) ?? null })),
          refused,
          hops_used: hopsUsed,
          hops_gt: hopsGt,
          searched: hopsUsed > 0,
          clean_evidence_correct: sufficient && !correct ? rng() < 0.55 : null,
        },
      });
    }
    const manifest = {
      benchmark: "webdetective",
      format: "seekboard-v1",
      model: m.model,
      agent: "ReAct (demo)",
      setting: "default",
      benchmarkVersion: "v1",
      ...(m.judgeNamed ? { judgeModel: "demo-judge" } : {}),
      results: ["results.jsonl"],
    };
    return {
      name: `webdetective-${slug(m.model)}`,
      model: m.model,
      setting: "default",
      files: { "manifest.json": JSON.stringify(manifest, null, 2), "results.jsonl": jsonl(lines) },
    };
  });
}

/** Seeded after MPW and WideSearch, in the order the demo has always had. */
export const webDetectiveDemo = inMemoryDemo(3, demoWebDetectiveBundles);
