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
/** Each domain's kind of organisation, the clue only it fits, and the suffix of its names, in both languages. */
const EVO_ORGANISATIONS: Record<
  string,
  { en: string; clue: string; suffix: string; zh: string; clueZh: string; suffixZh: string }
> = {
  science: {
    en: "research institute",
    clue: "its first director later chaired a national academy",
    suffix: "Institute",
    zh: "研究所",
    clueZh: "首任所长后来担任国家科学院院长",
    suffixZh: "研究所",
  },
  technology: {
    en: "hardware start-up",
    clue: "it was acquired less than five years after its first product shipped",
    suffix: "Labs",
    zh: "硬件初创公司",
    clueZh: "首款产品出货不到五年即被收购",
    suffixZh: "科技",
  },
  sports: {
    en: "football club",
    clue: "it won its only league title in its centenary season",
    suffix: "Athletic",
    zh: "足球俱乐部",
    clueZh: "在建队百年的赛季赢得唯一一次联赛冠军",
    suffixZh: "体育俱乐部",
  },
  finance: {
    en: "investment fund",
    clue: "it closed to new investors after a single year",
    suffix: "Capital",
    zh: "投资基金",
    clueZh: "成立一年后即停止接受新投资者",
    suffixZh: "资本",
  },
  politics: {
    en: "policy think tank",
    clue: "two of its fellows later served as ministers",
    suffix: "Policy Forum",
    zh: "政策智库",
    clueZh: "两名研究员后来出任部长",
    suffixZh: "政策论坛",
  },
  culture: {
    en: "arts foundation",
    clue: "it funds a prize for first novels",
    suffix: "Foundation",
    zh: "艺术基金会",
    clueZh: "设立了处女作小说奖",
    suffixZh: "文化基金会",
  },
  health: {
    en: "hospital trust",
    clue: "it opened the region's first paediatric cardiac unit",
    suffix: "Medical Trust",
    zh: "医院集团",
    clueZh: "开设了本地区第一个儿童心脏科",
    suffixZh: "医疗集团",
  },
  geography: {
    en: "survey society",
    clue: "it mapped a glacier that was later named after its founder",
    suffix: "Survey Society",
    zh: "测绘学会",
    clueZh: "绘制的冰川后来以其创始人命名",
    suffixZh: "测绘学会",
  },
  history: {
    en: "archive",
    clue: "it holds the letters of a nineteenth-century shipping dynasty",
    suffix: "Archive",
    zh: "档案馆",
    clueZh: "收藏了一个十九世纪航运世家的书信",
    suffixZh: "档案馆",
  },
};
const NAME_STEMS = [
  "Ashford",
  "Brightwater",
  "Calder",
  "Dunmore",
  "Elsworth",
  "Fairhaven",
  "Glenrock",
  "Harrowgate",
  "Ironbridge",
  "Juniper",
  "Kestrel",
  "Larkspur",
  "Marlow",
  "Northgate",
  "Oakhurst",
  "Pembridge",
  "Queensbury",
  "Ravenscar",
  "Stonebury",
  "Thornfield",
  "Umberleigh",
  "Valemont",
  "Westerly",
  "Yarrow",
  "Zennor",
];
const NAME_STEMS_ZH = [
  "华安",
  "东岳",
  "青川",
  "明湖",
  "长宁",
  "云溪",
  "北辰",
  "南屏",
  "金陵",
  "海晏",
  "松涛",
  "白鹭",
  "紫阳",
  "清源",
  "嘉禾",
  "临江",
  "丰泽",
  "泰和",
  "鸿远",
  "凤鸣",
  "崇文",
  "瑞安",
  "星河",
  "远山",
  "静安",
];
const EVO_CITIES = ["Tartu", "Ghent", "Bologna", "Leipzig", "Porto", "Kraków", "Lyon", "Valencia"];
const EVO_CITIES_ZH = [
  "塔尔图",
  "根特",
  "博洛尼亚",
  "莱比锡",
  "波尔图",
  "克拉科夫",
  "里昂",
  "巴伦西亚",
];

/** The organisation named `index` in a domain (the demo's own names: no real organisation is described). */
function organisation(language: "en" | "zh", domain: string, index: number): string {
  const o = EVO_ORGANISATIONS[domain];
  return language === "en"
    ? `${NAME_STEMS[index % NAME_STEMS.length]} ${o.suffix}`
    : `${NAME_STEMS_ZH[index % NAME_STEMS_ZH.length]}${o.suffixZh}`;
}

/** Task `t`'s question: its domain's kind of organisation, a city, a decade and the domain's clue. */
function evoQuestion(language: "en" | "zh", domain: string, t: number): string {
  const o = EVO_ORGANISATIONS[domain];
  const decade = 1900 + 10 * (t % 10);
  return language === "en"
    ? `Which ${o.en}, founded in ${EVO_CITIES[t % EVO_CITIES.length]} in the ${decade}s, fits this clue too: ${o.clue}? Give its name.`
    : `哪家${decade}年代成立于${EVO_CITIES_ZH[t % EVO_CITIES_ZH.length]}的${o.zh}还符合这条线索：${o.clueZh}？请给出名称。`;
}

/** The searches of a tool-based run, in the question's language: each result points at the organisation it answers. */
function evoSearches(language: "en" | "zh", domain: string, t: number, answer: string) {
  const o = EVO_ORGANISATIONS[domain];
  const search = (query: string, result: string) => ({ name: "search", args: { query }, result });
  if (language === "zh") {
    const city = EVO_CITIES_ZH[t % EVO_CITIES_ZH.length];
    return [
      search(`${city} ${o.zh} 成立`, `1. ${answer}：成立于${city}\n2. ${city}机构名录`),
      search(o.clueZh, `1. ${answer}：${o.clueZh}\n2. 一篇提到该线索但无关的网页`),
      search(`${answer} 历史`, `1. ${answer}：历史沿革`),
    ];
  }
  const city = EVO_CITIES[t % EVO_CITIES.length];
  return [
    search(
      `${o.en} founded ${city}`,
      `1. ${answer} — founded in ${city}\n2. List of organisations in ${city}`,
    ),
    search(o.clue, `1. ${answer}: ${o.clue}\n2. An unrelated page that mentions the clue`),
    search(`${answer} history`, `1. ${answer} — history and founding`),
  ];
}

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
              const domain = EVO_DOMAINS[t % EVO_DOMAINS.length];
              const question = evoQuestion(language, domain, t);
              const gold = organisation(language, domain, t);
              // A wrong answer is another organisation of the same kind, never the gold one.
              const prediction = correct
                ? gold
                : organisation(
                    language,
                    domain,
                    t + 1 + (Math.floor(rng() * 100) % (NAME_STEMS.length - 1)),
                  );
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
                  evoSearches(language, domain, t, prediction).slice(0, shown),
                  `Explanation: ${setting === "tool-free" ? "recalled without searching" : `the search results tie ${prediction} to the clues`}.\nExact Answer: ${prediction}\nConfidence: ${confidence}%`,
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
                  domain,
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
