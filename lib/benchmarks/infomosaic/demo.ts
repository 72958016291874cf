import "server-only";
/** Deterministic synthetic InfoMosaic-Bench demo bundles in the release's own files: a gold file and one evaluation file per domain, for two agents. */
import { type DemoFiles, demoTrajectory, inMemoryDemo, jsonl, slug } from "../../demo/files";
import { seededRandom, seedFrom } from "../../random";

export const DEMO_INFOMOSAIC_DOMAINS = [
  "map",
  "bio",
  "financial",
  "web",
  "video",
  "multidomain",
] as const;
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
  const testcases = Array.from({ length: 2 + (t % 3) }, (_, i) => ({
    condition: `Condition ${i + 1} of ${id} holds`,
    ground_truth: i === 0 ? null : `Value ${i}`,
  }));
  return {
    id,
    query: `InfoMosaic ${domain} task ${t + 1}: find the item satisfying all conditions.`,
    domain,
    language: t % 4 === 3 ? "zh" : "en",
    GT: `Item-${id}`,
    testcase: testcases,
  };
}

export function demoInfoMosaicBundles(): DemoFiles[] {
  const bundles: DemoFiles[] = [];
  const gold = DEMO_INFOMOSAIC_DOMAINS.flatMap((d) =>
    Array.from({ length: DEMO_INFOMOSAIC_TASKS_PER_DOMAIN }, (_, t) => infoMosaicTask(d, t)),
  ).map((t) => ({ GT: t.GT, testcase: t.testcase, id: t.id }));
  for (const m of DEMO_INFOMOSAIC_MODELS) {
    for (const agent of ["agent_w_web_tool", "agent_w_multi_tool"] as const) {
      const files: Record<string, string> = { "info_mosaic_gt_answer.jsonl": jsonl(gold) };
      const evaluations: string[] = [];
      for (const domain of DEMO_INFOMOSAIC_DOMAINS) {
        const lines = [];
        for (let t = 0; t < DEMO_INFOMOSAIC_TASKS_PER_DOMAIN; t++) {
          const task = infoMosaicTask(domain, t);
          const rng = seededRandom(seedFrom(`im-${m.model}-${agent}-${task.id}`));
          const tools =
            agent === "agent_w_web_tool" ? ["web_search", "web_fetch"] : DOMAIN_TOOLS[domain];
          const nCalls = Math.floor(rng() * 12);
          const calls = Array.from({ length: nCalls }, (_, i) => {
            const r = rng();
            const name = r < 0.06 ? "nonexistent_tool" : tools[Math.floor(rng() * tools.length)];
            const result =
              name === "nonexistent_tool"
                ? "Error: unknown tool nonexistent_tool"
                : r < 0.18
                  ? "Error: missing 1 required positional argument: 'query'"
                  : r < 0.32
                    ? "[]"
                    : `Result ${i + 1} for ${task.id}: relevant data`;
            return { name, args: { query: `${task.id} step ${i + 1}` }, result };
          });
          const domainBonus = agent === "agent_w_multi_tool" && domain !== "web" ? 0.08 : 0;
          const roll = rng();
          const score = roll < m.p + domainBonus ? 2 : roll < m.p + domainBonus + 0.1 ? 1 : 0;
          const verdicts = Object.fromEntries(
            task.testcase.map((_, i) => [
              `sub-question ${i + 1}`,
              score === 2 || rng() < 0.45 ? "CORRECT" : "INCORRECT",
            ]),
          );
          const passed = Object.values(verdicts).filter((v) => v === "CORRECT").length;
          const response =
            score === 2 ? task.GT : `Item-${domain}-${(t + 3) % DEMO_INFOMOSAIC_TASKS_PER_DOMAIN}`;
          lines.push({
            ...task,
            response: `Final answer: ${response}`,
            num_tool_calls: nCalls,
            messages: demoTrajectory(task.query, calls, `Final answer: ${response}`),
            extracted_response: response,
            final_answer_evaluation:
              score === 2
                ? "The answer is correct."
                : score === 1
                  ? "The answer is approximated but should be correct."
                  : "The answer is incorrect.",
            testcase_evaluation: `\`\`\`json\n${JSON.stringify(verdicts, null, 2)}\n\`\`\``,
            score,
            passrate: passed / task.testcase.length,
          });
        }
        const name = `${agent}/${slug(m.model)}/${domain}_eval.jsonl`;
        files[name] = jsonl(lines);
        evaluations.push(name);
      }
      // The paper evaluates with GPT-4o (its LLM-use statement).
      const manifest = {
        benchmark: "infomosaic",
        model: m.model,
        agent,
        judgeModel: "gpt-4o",
        gold: "info_mosaic_gt_answer.jsonl",
        evaluations,
      };
      files["manifest.json"] = JSON.stringify(manifest, null, 2);
      bundles.push({
        name: `infomosaic-${agent}-${slug(m.model)}`,
        model: m.model,
        setting: agent === "agent_w_web_tool" ? "web-only" : "domain-tool",
        files,
      });
    }
  }
  return bundles;
}

/** Seeded after MPW and WideSearch, in the order the demo has always had. */
export const infoMosaicDemo = inMemoryDemo(6, demoInfoMosaicBundles);
