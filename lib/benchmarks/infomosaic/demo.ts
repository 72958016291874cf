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
type DemoDomain = (typeof DEMO_INFOMOSAIC_DOMAINS)[number];
export const DEMO_INFOMOSAIC_TASKS_PER_DOMAIN = 16;
export const DEMO_INFOMOSAIC_MODELS = [
  { model: "Atlas-Pro (demo)", p: 0.42 },
  { model: "Beacon-32B (demo)", p: 0.28 },
] as const;
const DOMAIN_TOOLS: Record<DemoDomain, string[]> = {
  map: ["maps_geocode", "maps_directions", "maps_search_places"],
  bio: ["bio_gene_lookup", "bio_protein_search"],
  financial: ["fin_stock_quote", "fin_company_filings"],
  web: ["web_search", "web_fetch"],
  video: ["video_search", "video_transcript"],
  multidomain: ["maps_geocode", "fin_stock_quote", "web_search"],
};
/** The tool an agent calls that it was never given (the paper's selection errors), by domain. */
const MADE_UP_TOOL: Record<DemoDomain, string> = {
  map: "maps_reverse_geocode",
  bio: "pubmed_search",
  financial: "fin_earnings_calendar",
  web: "browser_open",
  video: "youtube_search",
  multidomain: "google_search",
};

/** One fact the task's answer must satisfy: a testcase condition, with its ground truth (null: a yes/no check). */
interface Fact {
  condition: string;
  groundTruth: string | null;
  /** How a tool's reply states it of the entity it names. */
  statement: string;
}

/** A demo task's content: the answer, a near miss the judge accepts as approximately right, and the facts the query asks for. */
interface TaskContent {
  query: string;
  /** The query as the task's Chinese version asks it. */
  queryZh: string;
  answer: string;
  nearMiss: string;
  /** A wrong answer of the same kind: another item that fits some of the conditions. */
  decoy: string;
  facts: Fact[];
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)];

const SURNAMES = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Takeda",
  "Varga",
  "Castellano",
  "Brennan",
  "Novak",
  "Haddad",
  "Kowalczyk",
  "Sørensen",
  "Adeyemi",
  "Ferreira",
  "Ishikawa",
  "Petrov",
  "Quinlan",
];
const CITIES = [
  ["Lyon", "Place Bellecour"],
  ["Porto", "Ribeira Square"],
  ["Kraków", "Main Market Square"],
  ["Valencia", "City of Arts and Sciences"],
  ["Leipzig", "Augustusplatz"],
  ["Bologna", "Piazza Maggiore"],
  ["Ghent", "Gravensteen"],
  ["Tartu", "Town Hall Square"],
] as const;

/** Each domain's task: names are the demo's own (no real gene, company or channel is described). */
const CONTENT: Record<DemoDomain, (t: number, random: () => number) => TaskContent> = {
  map: (t, random) => {
    const [city, landmark] = CITIES[t % CITIES.length];
    const k = Math.floor(random() * 5);
    const kind = ["bookshop", "observatory", "jazz club", "bakery", "museum"][k];
    const kindZh = ["书店", "天文台", "爵士俱乐部", "面包店", "博物馆"][k];
    const name = `${SURNAMES[t]} ${kind.replace(/^\w/, (c) => c.toUpperCase())}`;
    const km = (0.4 + Math.floor(random() * 20) / 10).toFixed(1);
    const year = 1950 + Math.floor(random() * 70);
    return {
      query: `Which ${kind} in ${city} lies within ${Number(km) + 0.5} km of ${landmark}, opened in ${year} and opens on Mondays? Give its name.`,
      queryZh: `${city}哪家${kindZh}距离${landmark}不超过${Number(km) + 0.5}公里、开业于${year}年且周一营业？请给出名称。`,
      answer: name,
      nearMiss: `the ${kind} near ${landmark} run by the ${SURNAMES[t]} family`,
      decoy: name.replace(SURNAMES[t], SURNAMES[(t + 5) % SURNAMES.length]),
      facts: [
        {
          condition: `It is a ${kind} in ${city}`,
          groundTruth: null,
          statement: `${kind} in ${city}`,
        },
        {
          condition: `It lies within ${Number(km) + 0.5} km of ${landmark}`,
          groundTruth: `${km} km`,
          statement: `${km} km from ${landmark}`,
        },
        {
          condition: `It opened in ${year}`,
          groundTruth: String(year),
          statement: `opened ${year}`,
        },
        {
          condition: "It opens on Mondays",
          groundTruth: "Mon 09:00–18:00",
          statement: "hours Mon 09:00–18:00",
        },
      ],
    };
  },
  bio: (t, random) => {
    const symbol = `${["ZQF", "VXN", "QLR", "YPD"][t % 4]}${3 + Math.floor(random() * 40)}`;
    const chromosome = 1 + Math.floor(random() * 22);
    const f = Math.floor(random() * 4);
    const family = ["zinc-finger protein", "ion channel", "kinase", "transporter"][f];
    const familyZh = ["锌指蛋白", "离子通道", "激酶", "转运蛋白"][f];
    const length = 180 + Math.floor(random() * 900);
    const year = 1995 + Math.floor(random() * 28);
    return {
      query: `Which human gene on chromosome ${chromosome} encodes a ${family} of ${length} amino acids first described in ${year}? Give the gene symbol.`,
      queryZh: `哪个位于${chromosome}号染色体上的人类基因编码一种长${length}个氨基酸、于${year}年首次报道的${familyZh}？请给出基因符号。`,
      answer: symbol,
      nearMiss: `${symbol.slice(0, 3)}-${symbol.slice(3)}`,
      decoy: `${symbol.slice(0, 3)}${Number(symbol.slice(3)) + 1}`,
      facts: [
        {
          condition: `It encodes a ${family}`,
          groundTruth: null,
          statement: `encodes a ${family}`,
        },
        {
          condition: `It lies on chromosome ${chromosome}`,
          groundTruth: `chr${chromosome}`,
          statement: `location chr${chromosome}`,
        },
        {
          condition: `Its protein is ${length} amino acids long`,
          groundTruth: `${length} aa`,
          statement: `canonical isoform ${length} aa`,
        },
        {
          condition: `It was first described in ${year}`,
          groundTruth: String(year),
          statement: `first described ${year}`,
        },
      ],
    };
  },
  financial: (t, random) => {
    const name = `${SURNAMES[t]} ${pick(random, ["Freight", "Foods", "Robotics", "Energy"])} Group`;
    const ticker = `${SURNAMES[t].slice(0, 2).toUpperCase()}${String.fromCharCode(65 + (t % 26))}X`;
    const exchange = pick(random, ["Euronext Paris", "Nasdaq Stockholm", "Deutsche Börse"]);
    const revenue = (1 + random() * 9).toFixed(1);
    const year = 2019 + Math.floor(random() * 5);
    return {
      query: `Which company listed on ${exchange} reported revenue of ${revenue} billion EUR for fiscal ${year} and trades under a four-letter ticker? Give the company name.`,
      queryZh: `哪家在${exchange}上市的公司${year}财年营收为${Math.round(Number(revenue) * 10)}亿欧元、股票代码为四个字母？请给出公司名称。`,
      answer: name,
      nearMiss: `${name} (the parent of ${SURNAMES[t]} Holdings)`,
      decoy: name.replace(SURNAMES[t], SURNAMES[(t + 5) % SURNAMES.length]),
      facts: [
        {
          condition: `It is listed on ${exchange}`,
          groundTruth: null,
          statement: `listed on ${exchange}`,
        },
        {
          condition: `It reported revenue of ${revenue} billion EUR for fiscal ${year}`,
          groundTruth: `EUR ${revenue} bn`,
          statement: `FY${year} revenue EUR ${revenue} bn`,
        },
        {
          condition: "It trades under a four-letter ticker",
          groundTruth: ticker,
          statement: `ticker ${ticker}`,
        },
        {
          condition: `It filed an annual report for ${year}`,
          groundTruth: `annual report ${year + 1}-03`,
          statement: `annual report filed ${year + 1}-03`,
        },
      ],
    };
  },
  web: (t, random) => {
    const stems = ["quill", "ember", "tide", "loom"];
    const suffix = ["stream", "kit", "forge", "graph"][Math.floor(t / 4)];
    const name = `${stems[t % 4]}${suffix}`;
    const language = pick(random, ["Rust", "Go", "TypeScript", "Python"]);
    const year = 2014 + Math.floor(random() * 9);
    const stars = 5 + Math.floor(random() * 40);
    return {
      query: `Which open-source project written mainly in ${language}, first released in ${year}, had more than ${stars}k GitHub stars by 2025? Give its name.`,
      queryZh: `哪个主要用${language}编写、于${year}年首次发布的开源项目到2025年在GitHub上超过${stars}k星？请给出项目名称。`,
      answer: name,
      nearMiss: `${name}-core`,
      decoy: `${stems[(t + 1) % 4]}${suffix}`,
      facts: [
        {
          condition: `It is written mainly in ${language}`,
          groundTruth: null,
          statement: `written mainly in ${language}`,
        },
        {
          condition: `It was first released in ${year}`,
          groundTruth: String(year),
          statement: `first release ${year}`,
        },
        {
          condition: `It had more than ${stars}k stars by 2025`,
          groundTruth: `${stars + 2}k`,
          statement: `${stars + 2}k stars`,
        },
        {
          condition: "Its licence is permissive",
          groundTruth: "MIT",
          statement: "licence MIT",
        },
      ],
    };
  },
  video: (t, random) => {
    const name = `Field Notes with ${SURNAMES[t]}`;
    const k = Math.floor(random() * 4);
    const topic = ["glaciers", "night trains", "coral reefs", "desert cities"][k];
    const topicZh = ["冰川", "夜行列车", "珊瑚礁", "沙漠城市"][k];
    const minutes = 20 + Math.floor(random() * 70);
    const year = 2016 + Math.floor(random() * 8);
    const views = 1 + Math.floor(random() * 9);
    return {
      query: `Which channel published a ${minutes}-minute documentary about ${topic} in ${year} that passed ${views} million views? Give the channel name.`,
      queryZh: `哪个频道在${year}年发布了一部时长${minutes}分钟、关于${topicZh}的纪录片，播放量超过${views}00万？请给出频道名称。`,
      answer: name,
      nearMiss: `${SURNAMES[t]} Field Notes`,
      decoy: name.replace(SURNAMES[t], SURNAMES[(t + 5) % SURNAMES.length]),
      facts: [
        {
          condition: `It published a documentary about ${topic}`,
          groundTruth: null,
          statement: `documentary on ${topic}`,
        },
        {
          condition: `The documentary runs ${minutes} minutes`,
          groundTruth: `${minutes} min`,
          statement: `duration ${minutes}:00`,
        },
        {
          condition: `It was published in ${year}`,
          groundTruth: String(year),
          statement: `published ${year}`,
        },
        {
          condition: `It passed ${views} million views`,
          groundTruth: `${views}.${t % 10} M views`,
          statement: `${views}.${t % 10} M views`,
        },
      ],
    };
  },
  multidomain: (t, random) => {
    const [city, landmark] = CITIES[t % CITIES.length];
    const name = `${SURNAMES[t]} ${pick(random, ["Instruments", "Optics", "Biolabs", "Mobility"])}`;
    const ticker = `${SURNAMES[t].slice(0, 3).toUpperCase()}${String.fromCharCode(65 + (t % 26))}`;
    const km = (0.5 + Math.floor(random() * 30) / 10).toFixed(1);
    const price = 20 + Math.floor(random() * 180);
    const year = 2020 + Math.floor(random() * 5);
    return {
      query: `Which company headquartered within ${Number(km) + 1} km of ${landmark} in ${city} closed ${year} above ${price} EUR a share? Give the company name.`,
      queryZh: `哪家总部位于${city}、距离${landmark}不超过${Number(km) + 1}公里的公司在${year}年底收盘价高于每股${price}欧元？请给出公司名称。`,
      answer: name,
      nearMiss: `${SURNAMES[t]} (${city})`,
      decoy: name.replace(SURNAMES[t], SURNAMES[(t + 5) % SURNAMES.length]),
      facts: [
        {
          condition: `It is headquartered in ${city}`,
          groundTruth: null,
          statement: `head office in ${city}`,
        },
        {
          condition: `Its head office is within ${Number(km) + 1} km of ${landmark}`,
          groundTruth: `${km} km`,
          statement: `${km} km from ${landmark}`,
        },
        {
          condition: `It closed ${year} above ${price} EUR a share`,
          groundTruth: `EUR ${price + 7}`,
          statement: `close ${year}-12-31: EUR ${price + 7}`,
        },
        {
          condition: "It trades under a four-letter ticker",
          groundTruth: ticker,
          statement: `ticker ${ticker}`,
        },
      ],
    };
  },
};

function taskContent(domain: DemoDomain, t: number): TaskContent {
  return CONTENT[domain](t, seededRandom(seedFrom(`im-task-${domain}-${t}`)));
}

function infoMosaicTask(domain: DemoDomain, t: number) {
  const id = `${domain}-${t + 1}`;
  const content = taskContent(domain, t);
  const language = t % 4 === 3 ? "zh" : "en";
  const testcases = content.facts.slice(0, 2 + (t % 3)).map((f, i) => ({
    condition: f.condition,
    ground_truth: i === 0 ? null : f.groundTruth,
  }));
  return {
    id,
    query: language === "zh" ? content.queryZh : content.query,
    domain,
    language,
    GT: content.answer,
    testcase: testcases,
  };
}

/** Each demo tool's required parameter (what its usage errors say is missing). */
const TOOL_PARAMETER = new Map([
  ["maps_geocode", "address"],
  ["maps_directions", "origin"],
  ["maps_search_places", "query"],
  ["bio_gene_lookup", "gene"],
  ["bio_protein_search", "query"],
  ["fin_stock_quote", "company"],
  ["fin_company_filings", "company"],
  ["web_search", "query"],
  ["web_fetch", "url"],
  ["video_search", "query"],
  ["video_transcript", "video_id"],
]);

const page = (name: string) => `https://example.org/wiki/${encodeURIComponent(name)}`;

/**
 * The arguments of a call: a search passes the task's query, a lookup the candidate it
 * checks; a usage error passes only an optional argument.
 */
function callArguments(
  tool: string,
  query: string,
  candidate: string,
  usageError: boolean,
): Record<string, unknown> {
  if (usageError) return { limit: 5 };
  const parameter = TOOL_PARAMETER.get(tool) ?? "query";
  const value =
    parameter === "query"
      ? query
      : parameter === "url"
        ? page(candidate)
        : parameter === "video_id"
          ? `vid_${slug(candidate).toLowerCase()}`
          : candidate;
  return { [parameter]: value };
}

/** What search `i` of a run asks: the first condition, then it with each other one in turn, each time worded anew (no query repeats). */
function searchQuery(facts: readonly Fact[], i: number): string {
  const ask = (f: Fact) => f.condition.replace(/^(It is an? |It is |It |Its )/, "");
  const n = facts.length;
  const base = i % n === 0 ? ask(facts[0]) : `${ask(facts[0])} ${ask(facts[i % n])}`;
  return `${base}${["", " official source", " news", " 2025"][Math.floor(i / n)]}`;
}

/** A valid reply in the tool's own shape, stating one fact of the candidate. */
function toolReply(tool: string, candidate: string, fact: Fact): string {
  switch (tool) {
    case "maps_geocode":
    case "maps_search_places":
    case "maps_directions":
      return JSON.stringify({ results: [{ name: candidate, detail: fact.statement }] });
    case "fin_stock_quote":
    case "fin_company_filings":
      return JSON.stringify({ company: candidate, data: fact.statement });
    case "bio_gene_lookup":
    case "bio_protein_search":
      return JSON.stringify({ organism: "Homo sapiens", gene: candidate, summary: fact.statement });
    case "video_search":
    case "video_transcript":
      return JSON.stringify({ channel: candidate, detail: fact.statement });
    case "web_fetch":
      return `${candidate}\n\n${candidate}: ${fact.statement}.`;
    default:
      return JSON.stringify([
        { title: candidate, url: page(candidate), snippet: `${candidate}: ${fact.statement}.` },
      ]);
  }
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
          const content = taskContent(domain, t);
          const rng = seededRandom(seedFrom(`im-${m.model}-${agent}-${task.id}`));
          const tools =
            agent === "agent_w_web_tool" ? ["web_search", "web_fetch"] : DOMAIN_TOOLS[domain];
          const nCalls = Math.floor(rng() * 12);
          // Each call's outcome class first; its text once the answer is known.
          const outcomes = Array.from({ length: nCalls }, () => {
            const r = rng();
            const kind =
              r < 0.06 ? "made-up" : r < 0.18 ? "usage" : r < 0.32 ? "empty" : ("valid" as const);
            const name =
              kind === "made-up"
                ? agent === "agent_w_web_tool"
                  ? "google_search"
                  : MADE_UP_TOOL[domain]
                : tools[Math.floor(rng() * tools.length)];
            return { kind, name };
          });
          const domainBonus = agent === "agent_w_multi_tool" && domain !== "web" ? 0.08 : 0;
          const roll = rng();
          const score = roll < m.p + domainBonus ? 2 : roll < m.p + domainBonus + 0.1 ? 1 : 0;
          const verdictList = task.testcase.map(() =>
            score === 2 || rng() < 0.45 ? "CORRECT" : "INCORRECT",
          );
          // A wrong answer (another item of the kind asked for) fails at least its last condition.
          if (score === 0 && !verdictList.includes("INCORRECT"))
            verdictList[verdictList.length - 1] = "INCORRECT";
          const verdicts = Object.fromEntries(
            verdictList.map((v, i) => [`sub-question ${i + 1}`, v]),
          );
          const passed = verdictList.filter((v) => v === "CORRECT").length;
          const response = score === 2 ? task.GT : score === 1 ? content.nearMiss : content.decoy;
          const candidate = score === 0 ? response : task.GT;
          const calls = outcomes.map((o, i) => ({
            name: o.name,
            args: callArguments(
              o.name,
              searchQuery(content.facts, i),
              candidate,
              o.kind === "usage",
            ),
            result:
              o.kind === "made-up"
                ? `Error: unknown tool ${o.name}`
                : o.kind === "usage"
                  ? `Error: ${o.name}() missing 1 required positional argument: '${TOOL_PARAMETER.get(o.name) ?? "query"}'`
                  : o.kind === "empty"
                    ? "[]"
                    : toolReply(o.name, candidate, content.facts[i % content.facts.length]),
          }));
          const verdictNote =
            score === 2
              ? `The response names ${task.GT}, the ground truth.`
              : score === 1
                ? `The response "${response}" describes ${task.GT} without naming it exactly.`
                : `The response names ${response}; the ground truth is ${task.GT}.`;
          lines.push({
            ...task,
            response: `Final answer: ${response}`,
            num_tool_calls: nCalls,
            messages: demoTrajectory(task.query, calls, `Final answer: ${response}`),
            extracted_response: response,
            final_answer_evaluation:
              score === 2
                ? `${verdictNote} The answer is correct.`
                : score === 1
                  ? `${verdictNote} The answer is approximated but should be correct.`
                  : `${verdictNote} The answer is incorrect.`,
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
