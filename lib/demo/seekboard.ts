/**
 * Deterministic synthetic demo bundles for WebDetective, EvoBrowseComp, generic QA
 * (Seekboard bundle format v1) and InfoMosaic-Bench (the release's evaluation files).
 * Pure: returns file contents; `db/seed-demo.ts` writes them and ingests them through
 * the real importer.
 */
import { seededRandom, seedFrom } from "../random";

export interface DemoFiles {
  /** Folder name of the bundle. */
  name: string;
  model: string;
  setting: string;
  /** File name → contents (manifest.json included). */
  files: Record<string, string>;
}

const jsonl = (lines: readonly unknown[]) => `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
const slug = (s: string) => s.replace(/[^A-Za-z0-9.-]+/g, "_");

function trajectory(question: string, calls: { name: string; args: Record<string, unknown>; result: string }[], answer: string) {
  const messages: Record<string, unknown>[] = [{ role: "user", content: question }];
  calls.forEach((c, i) => {
    messages.push({ role: "assistant", content: null, tool_calls: [{ id: `call_${i}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.args) } }] });
    messages.push({ role: "tool", tool_call_id: `call_${i}`, content: c.result });
  });
  messages.push({ role: "assistant", content: answer });
  return messages;
}

// ---------------------------------------------------------------- WebDetective

export const DEMO_WEBDETECTIVE_MODELS = [
  { model: "Atlas-Pro (demo)", search: 0.78, probe: 0.55, util: 0.72, refuse: 0.12, lucky: 0.15 },
  { model: "Beacon-32B (demo)", search: 0.62, probe: 0.4, util: 0.45, refuse: 0.45, lucky: 0.05 },
  { model: "Cobalt-Mini (demo)", search: 0.5, probe: 0.3, util: 0.3, refuse: 0.2, lucky: 0.08 },
] as const;
export const DEMO_WEBDETECTIVE_TASKS = 100;

export function demoWebDetectiveBundles(): DemoFiles[] {
  return DEMO_WEBDETECTIVE_MODELS.map((m) => {
    const lines = [];
    for (let t = 0; t < DEMO_WEBDETECTIVE_TASKS; t++) {
      const taskRng = seededRandom(seedFrom(`wd-task-${t}`));
      const hopsGt = 2 + Math.floor(taskRng() * 3);
      const rng = seededRandom(seedFrom(`wd-${m.model}-${t}`));
      const question = `Which entity links clue chain #${t + 1} (${hopsGt} hops, no hints given)?`;
      const gold = `Entity-${(t * 37) % 101}`;
      const evidence = Array.from({ length: hopsGt }, (_, i) => {
        const found = rng() < m.search;
        return { id: `e${i + 1}`, found_by_search: found, probe_correct: found ? null : rng() < m.probe };
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
      const hopsUsed = Math.max(found.length, Math.round(hopsGt * (0.6 + rng())));
      const calls = Array.from({ length: hopsUsed }, (_, i) => ({
        name: "search",
        args: { query: `clue ${t + 1} hop ${i + 1}` },
        result: i < found.length ? `Result: page holding evidence ${found[i].id} for chain ${t + 1}` : "Result: nothing relevant",
      }));
      const prediction = refused ? null : correct ? gold : `Entity-${(t * 37 + 5) % 101}`;
      const answer = refused ? "I could not establish the answer with the evidence found." : `The answer is ${prediction}.`;
      lines.push({
        task_id: `wd-${String(t + 1).padStart(4, "0")}`,
        question,
        gold_answer: gold,
        prediction,
        verdict: correct ? "correct" : "incorrect",
        judge: { model: "demo-judge", output: correct ? "Conclusion: Correct" : refused ? "Conclusion: Refused (no answer)" : "Conclusion: Incorrect" },
        status: "finished",
        messages: trajectory(question, calls, answer),
        benchmark: {
          evidence,
          refused,
          hops_used: hopsUsed,
          hops_gt: hopsGt,
          searched: hopsUsed > 0,
          clean_evidence_correct: sufficient && !correct ? rng() < 0.55 : null,
        },
      });
    }
    const manifest = { benchmark: "webdetective", format: "seekboard-v1", model: m.model, agent: "ReAct (demo)", setting: "default", benchmarkVersion: "v1", results: ["results.jsonl"] };
    return { name: `webdetective-${slug(m.model)}`, model: m.model, setting: "default", files: { "manifest.json": JSON.stringify(manifest, null, 2), "results.jsonl": jsonl(lines) } };
  });
}

// ---------------------------------------------------------------- EvoBrowseComp

export const DEMO_EVO_VERSIONS = ["2025-10", "2026-01"] as const;
export const DEMO_EVO_RUNS = 3;
export const DEMO_EVO_TASKS_PER_LANGUAGE = 25;
export const DEMO_EVO_MODELS = [
  { model: "Atlas-Pro (demo)", base: 0.55, free: 0.18 },
  { model: "Beacon-32B (demo)", base: 0.38, free: 0.1 },
  { model: "Cobalt-Mini (demo)", base: 0.24, free: 0.06 },
] as const;
const EVO_DOMAINS = ["science", "technology", "sports", "finance", "politics", "culture", "health", "geography", "history"];

export function demoEvoBundles(): DemoFiles[] {
  const bundles: DemoFiles[] = [];
  for (const version of DEMO_EVO_VERSIONS) {
    // Newer versions are harder (fresher evidence).
    const shift = version === "2026-01" ? -0.08 : 0;
    for (const m of DEMO_EVO_MODELS) {
      const files: Record<string, string> = {};
      for (let run = 0; run < DEMO_EVO_RUNS; run++) {
        const lines = [];
        for (const language of ["en", "zh"] as const) {
          for (let t = 0; t < DEMO_EVO_TASKS_PER_LANGUAGE; t++) {
            const id = `evo-${version}-${language}-${String(t + 1).padStart(3, "0")}`;
            const hard = seededRandom(seedFrom(`evo-task-${id}`))();
            for (const setting of ["tool-based", "tool-free"] as const) {
              const rng = seededRandom(seedFrom(`evo-${m.model}-${id}-${setting}-${run}`));
              const p = (setting === "tool-based" ? m.base + shift : m.free) * (language === "zh" ? 0.85 : 1) * (1.4 - hard * 0.8);
              const correct = rng() < p;
              const toolCalls = setting === "tool-free" ? 0 : Math.min(40, Math.floor(rng() ** 1.5 * 48));
              const confidence = Math.round(Math.min(100, Math.max(5, (correct ? 70 : 50) + (rng() - 0.5) * 50)));
              const question = language === "en" ? `EvoBrowseComp ${version} question ${t + 1}: which organisation matches every clue?` : `EvoBrowseComp ${version} 第${t + 1}题：哪个机构符合所有线索？`;
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
                judge: { model: "demo-judge", output: `extracted_final_answer: ${prediction}\nreasoning: ${correct ? "matches the gold answer" : "does not match"}\ncorrect: ${correct ? "yes" : "no"}`, extracted_final_answer: prediction, confidence },
                status: toolCalls >= 40 ? "max_tool_calls_reached" : "finished",
                messages: trajectory(
                  question,
                  Array.from({ length: shown }, (_, i) => ({ name: "search", args: { query: `${id} clue ${i + 1}` }, result: `Snippet ${i + 1} about ${id}` })),
                  `Explanation: …\nExact Answer: ${prediction}\nConfidence: ${confidence}%`,
                ),
                benchmark: { language, setting, tool_call_limit: 40, tool_calls: toolCalls, domain: EVO_DOMAINS[t % EVO_DOMAINS.length], hops: 2 + (t % 4), fresh_evidence: t % 3 !== 0, root_domains: 2 + (t % 5), stated_confidence: confidence },
              });
            }
          }
        }
        files[`run${run}.jsonl`] = jsonl(lines);
      }
      const manifest = { benchmark: "evobrowsecomp", format: "seekboard-v1", model: m.model, agent: "ReAct (demo)", setting: "default", benchmarkVersion: version, results: Object.keys(files) };
      files["manifest.json"] = JSON.stringify(manifest, null, 2);
      bundles.push({ name: `evo-${version}-${slug(m.model)}`, model: m.model, setting: "default", files });
    }
  }
  return bundles;
}

// ---------------------------------------------------------------- generic QA

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
          messages: trajectory(question, [{ name: "search", args: { query: question.slice(0, 40) }, result: "Top results: …" }], `Exact Answer: ${prediction}\nConfidence: ${confidence}%`),
          benchmark: { stated_confidence: confidence },
        });
      }
      const manifest = { benchmark: "qa", format: "seekboard-v1", model: m.model, agent: "ReAct (demo)", setting: "default", dataset, results: ["results.jsonl"] };
      bundles.push({ name: `qa-${dataset}-${slug(m.model)}`, model: m.model, setting: "default", files: { "manifest.json": JSON.stringify(manifest, null, 2), "results.jsonl": jsonl(lines) } });
    }
  }
  return bundles;
}

// ---------------------------------------------------------------- InfoMosaic

export const DEMO_INFOMOSAIC_DOMAINS = ["map", "bio", "financial", "web", "video", "multidomain"] as const;
export const DEMO_INFOMOSAIC_TASKS_PER_DOMAIN = 16;
export const DEMO_INFOMOSAIC_MODELS = [
  { model: "Atlas-Pro (demo)", p: 0.42 },
  { model: "Beacon-32B (demo)", p: 0.28 },
] as const;
const DOMAIN_TOOLS: Record<string, string[]> = {
  map: ["maps_geocode", "maps_directions", "maps_search_places"],
  bio: ["bio_gene_lookup", "bio_protein_search"],
  financial: ["fin_stock_quote", "fin_company_filings"],
  web: ["web_search", "web_fetch"],
  video: ["video_search", "video_transcript"],
  multidomain: ["maps_geocode", "fin_stock_quote", "web_search"],
};

function infoMosaicTask(domain: string, t: number) {
  const id = `${domain}-${t + 1}`;
  const testcases = Array.from({ length: 2 + (t % 3) }, (_, i) => ({ condition: `Condition ${i + 1} of ${id} holds`, ground_truth: i === 0 ? null : `Value ${i}` }));
  return { id, query: `InfoMosaic ${domain} task ${t + 1}: find the item satisfying all conditions.`, domain, language: t % 4 === 3 ? "zh" : "en", GT: `Item-${id}`, testcase: testcases };
}

export function demoInfoMosaicBundles(): DemoFiles[] {
  const bundles: DemoFiles[] = [];
  const gold = DEMO_INFOMOSAIC_DOMAINS.flatMap((d) => Array.from({ length: DEMO_INFOMOSAIC_TASKS_PER_DOMAIN }, (_, t) => infoMosaicTask(d, t))).map((t) => ({ GT: t.GT, testcase: t.testcase, id: t.id }));
  for (const m of DEMO_INFOMOSAIC_MODELS) {
    for (const agent of ["agent_w_web_tool", "agent_w_multi_tool"] as const) {
      const files: Record<string, string> = { "info_mosaic_gt_answer.jsonl": jsonl(gold) };
      const evaluations: string[] = [];
      for (const domain of DEMO_INFOMOSAIC_DOMAINS) {
        const lines = [];
        for (let t = 0; t < DEMO_INFOMOSAIC_TASKS_PER_DOMAIN; t++) {
          const task = infoMosaicTask(domain, t);
          const rng = seededRandom(seedFrom(`im-${m.model}-${agent}-${task.id}`));
          const tools = agent === "agent_w_web_tool" ? ["web_search", "web_fetch"] : DOMAIN_TOOLS[domain];
          const nCalls = Math.floor(rng() * 12);
          const calls = Array.from({ length: nCalls }, (_, i) => {
            const r = rng();
            const name = r < 0.06 ? "nonexistent_tool" : tools[Math.floor(rng() * tools.length)];
            const result =
              name === "nonexistent_tool" ? "Error: unknown tool nonexistent_tool" : r < 0.18 ? "Error: missing 1 required positional argument: 'query'" : r < 0.32 ? "[]" : `Result ${i + 1} for ${task.id}: relevant data`;
            return { name, args: { query: `${task.id} step ${i + 1}` }, result };
          });
          const domainBonus = agent === "agent_w_multi_tool" && domain !== "web" ? 0.08 : 0;
          const roll = rng();
          const score = roll < m.p + domainBonus ? 2 : roll < m.p + domainBonus + 0.1 ? 1 : 0;
          const verdicts = Object.fromEntries(task.testcase.map((_, i) => [`sub-question ${i + 1}`, score === 2 || rng() < 0.45 ? "CORRECT" : "INCORRECT"]));
          const passed = Object.values(verdicts).filter((v) => v === "CORRECT").length;
          const response = score === 2 ? task.GT : `Item-${domain}-${(t + 3) % DEMO_INFOMOSAIC_TASKS_PER_DOMAIN}`;
          lines.push({
            ...task,
            response: `Final answer: ${response}`,
            num_tool_calls: nCalls,
            messages: trajectory(task.query, calls, `Final answer: ${response}`),
            extracted_response: response,
            final_answer_evaluation: score === 2 ? "The answer is correct." : score === 1 ? "The answer is approximated but should be correct." : "The answer is incorrect.",
            testcase_evaluation: `\`\`\`json\n${JSON.stringify(verdicts, null, 2)}\n\`\`\``,
            score,
            passrate: passed / task.testcase.length,
          });
        }
        const name = `${agent}/${slug(m.model)}/${domain}_eval.jsonl`;
        files[name] = jsonl(lines);
        evaluations.push(name);
      }
      const manifest = { benchmark: "infomosaic", model: m.model, agent, gold: "info_mosaic_gt_answer.jsonl", evaluations };
      files["manifest.json"] = JSON.stringify(manifest, null, 2);
      bundles.push({ name: `infomosaic-${agent}-${slug(m.model)}`, model: m.model, setting: agent === "agent_w_web_tool" ? "web-only" : "domain-tool", files });
    }
  }
  return bundles;
}

export function demoSeekboardBundles(): DemoFiles[] {
  return [...demoWebDetectiveBundles(), ...demoEvoBundles(), ...demoQaBundles(), ...demoInfoMosaicBundles()];
}
