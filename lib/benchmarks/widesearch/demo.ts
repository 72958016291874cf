import "server-only";
/**
 * A small synthetic WideSearch bundle in the official native format: tasks with their
 * evaluation pipelines, gold CSVs, and response files of several trials whose tables
 * carry the mistakes real agents make (missing and extra rows, wrong values, percent
 * and date formats, bold markers, no table at all, a missing column). Deterministic.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchmarkDemo, DemoBundle } from "../../demo/files";
import { seededRandom, seedFrom } from "../../random";

interface DemoColumn {
  name: string;
  preprocess: string[];
  metric: string[];
  criterion?: number;
}

export interface DemoWideSearchTask {
  /** The demo's own id (`demo_…`): never a published WideSearch id, whose real runs would show this invented text. */
  instanceId: string;
  /** Names the task's random stream: the id it had before it had its own, so the generated runs stay as they were. */
  seed: string;
  language: "en" | "zh";
  query: string;
  keys: string[];
  columns: DemoColumn[];
  rows: string[][];
  /** The Wikipedia article (of the task's language) its first search finds. */
  article: string;
}

const ex = (name: string): DemoColumn => ({
  name,
  preprocess: ["norm_str"],
  metric: ["exact_match"],
});
const num = (name: string, criterion = 0): DemoColumn => ({
  name,
  preprocess: ["extract_number"],
  metric: ["number_near"],
  criterion,
});
const date = (name: string): DemoColumn => ({
  name,
  preprocess: ["norm_date"],
  metric: ["date_near"],
});
const url = (name: string): DemoColumn => ({ name, preprocess: [], metric: ["url_match"] });
const judge = (name: string): DemoColumn => ({
  name,
  preprocess: [],
  metric: ["llm_judge"],
  criterion: 0,
});

export const DEMO_WIDESEARCH_TASKS: DemoWideSearchTask[] = [
  {
    instanceId: "demo_en_01",
    seed: "ws_en_001",
    language: "en",
    query:
      "List the five national parks of Utah with the year each was established and its area in km². Output a markdown table with columns: Park, Established, Area (km²).",
    keys: ["park"],
    article: "List_of_national_parks_of_the_United_States",
    columns: [ex("park"), num("established"), num("area(km²)", 0.05)],
    rows: [
      ["Arches", "1971", "310"],
      ["Bryce Canyon", "1928", "145"],
      ["Canyonlands", "1964", "1366"],
      ["Capitol Reef", "1971", "979"],
      ["Zion", "1919", "595"],
    ],
  },
  {
    instanceId: "demo_en_02",
    seed: "ws_en_002",
    language: "en",
    query:
      "For the eight Group of Eight universities in Australia, list the university, its official website and the year it was founded. Columns: University, Website, Founded.",
    keys: ["university"],
    article: "Group_of_Eight_(Australian_universities)",
    columns: [ex("university"), url("website"), num("founded")],
    rows: [
      ["Australian National University", "https://www.anu.edu.au", "1946"],
      ["Monash University", "https://www.monash.edu", "1958"],
      ["University of Adelaide", "https://www.adelaide.edu.au", "1874"],
      ["University of Melbourne", "https://www.unimelb.edu.au", "1853"],
      ["University of New South Wales", "https://www.unsw.edu.au", "1949"],
      ["University of Queensland", "https://www.uq.edu.au", "1909"],
      ["University of Sydney", "https://www.sydney.edu.au", "1850"],
      ["University of Western Australia", "https://www.uwa.edu.au", "1911"],
    ],
  },
  {
    instanceId: "demo_en_03",
    seed: "ws_en_003",
    language: "en",
    query:
      "Give the first six Apollo crewed missions with launch date and mission type. Columns: Mission, Launch Date, Mission Type.",
    keys: ["mission"],
    article: "List_of_Apollo_missions",
    columns: [ex("mission"), date("launchdate"), judge("missiontype")],
    rows: [
      ["Apollo 7", "1968-10-11", "Earth orbit test"],
      ["Apollo 8", "1968-12-21", "Lunar orbit"],
      ["Apollo 9", "1969-03-03", "Earth orbit test"],
      ["Apollo 10", "1969-05-18", "Lunar orbit rehearsal"],
      ["Apollo 11", "1969-07-16", "Lunar landing"],
      ["Apollo 12", "1969-11-14", "Lunar landing"],
    ],
  },
  {
    instanceId: "demo_en_04",
    seed: "ws_en_004",
    language: "en",
    query:
      "List the G7 countries with their 2023 population (millions) and unemployment rate. Columns: Country, Population (millions), Unemployment Rate.",
    keys: ["country"],
    article: "Group_of_Seven",
    columns: [ex("country"), num("population(millions)", 0.05), num("unemploymentrate", 0.1)],
    rows: [
      ["Canada", "40.1", "5.4%"],
      ["France", "68.2", "7.3%"],
      ["Germany", "84.5", "3.0%"],
      ["Italy", "58.9", "7.7%"],
      ["Japan", "124.5", "2.6%"],
      ["United Kingdom", "68.3", "4.0%"],
      ["United States", "334.9", "3.6%"],
    ],
  },
  {
    instanceId: "demo_zh_01",
    seed: "ws_zh_001",
    language: "zh",
    query: "列出中国古典四大名著的书名、作者和成书朝代。列：书名、作者、朝代。",
    keys: ["书名"],
    article: "四大名著",
    columns: [ex("书名"), ex("作者"), ex("朝代")],
    rows: [
      ["红楼梦", "曹雪芹", "清"],
      ["三国演义", "罗贯中", "明"],
      ["水浒传", "施耐庵", "明"],
      ["西游记", "吴承恩", "明"],
    ],
  },
  {
    instanceId: "demo_zh_02",
    seed: "ws_zh_002",
    language: "zh",
    query:
      "列出中国五大淡水湖，包括湖泊名称、所在省份和面积（平方公里）。列：湖泊、省份、面积（平方公里）。",
    keys: ["湖泊"],
    article: "五大淡水湖",
    columns: [ex("湖泊"), ex("省份"), num("面积（平方公里）", 0.1)],
    rows: [
      ["鄱阳湖", "江西", "3150"],
      ["洞庭湖", "湖南", "2625"],
      ["太湖", "江苏", "2338"],
      ["洪泽湖", "江苏", "1597"],
      ["巢湖", "安徽", "770"],
    ],
  },
  {
    instanceId: "demo_zh_03",
    seed: "ws_zh_003",
    language: "zh",
    query: "列出2025年二十四节气中的前六个节气及其日期。列：节气、日期。",
    keys: ["节气"],
    article: "二十四节气",
    columns: [ex("节气"), date("日期")],
    rows: [
      ["小寒", "2025-01-05"],
      ["大寒", "2025-01-20"],
      ["立春", "2025-02-03"],
      ["雨水", "2025-02-18"],
      ["惊蛰", "2025-03-05"],
      ["春分", "2025-03-20"],
    ],
  },
];

/** Display headers: the gold CSV's human-readable names (normalised to the required names). */
function header(column: DemoColumn): string {
  return column.name.replace(/\(/g, " (").replace(/^(\w)/, (c) => c.toUpperCase());
}

export function demoTaskLine(task: DemoWideSearchTask): string {
  const evaluation = {
    unique_columns: task.keys,
    required: task.columns.map((c) => c.name),
    eval_pipeline: Object.fromEntries(
      task.columns.map((c) => [
        c.name,
        {
          preprocess: c.preprocess,
          metric: c.metric,
          ...(c.criterion !== undefined ? { criterion: c.criterion } : {}),
        },
      ]),
    ),
  };
  return JSON.stringify({
    instance_id: task.instanceId,
    query: task.query,
    language: task.language,
    evaluation: JSON.stringify(evaluation),
  });
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function demoGoldCsv(task: DemoWideSearchTask): string {
  return (
    [
      task.columns.map((c) => csvCell(header(c))).join(","),
      ...task.rows.map((row) => row.map(csvCell).join(",")),
    ].join("\n") + "\n"
  );
}

export interface DemoAgent {
  model: string;
  /** Chance that a row is kept, that a value is right, and that any table is produced. */
  recall: number;
  accuracy: number;
  reliability: number;
  /** Tokens of its first completion, kept on each assistant message as widesearch_exp does; null: none, as in the official files. */
  completionUsage: { promptTokens: number; completionTokens: number } | null;
}

export const DEMO_WIDESEARCH_AGENTS: DemoAgent[] = [
  {
    model: "Synthetic Deep Research Agent (demo)",
    recall: 0.92,
    accuracy: 0.93,
    reliability: 0.97,
    completionUsage: { promptTokens: 2400, completionTokens: 180 },
  },
  {
    model: "Synthetic Single-Search Agent (demo)",
    recall: 0.7,
    accuracy: 0.82,
    reliability: 0.85,
    completionUsage: null,
  },
];

/** Each assistant message with its completion's `usage`; the prompt grows with the conversation. Its own random stream, so the tables stay as they were. */
function withCompletionUsage(
  messages: Record<string, unknown>[],
  usage: NonNullable<DemoAgent["completionUsage"]>,
  seed: string,
): Record<string, unknown>[] {
  const random = seededRandom(seedFrom(seed));
  let call = 0;
  return messages.map((message) => {
    if (message.role !== "assistant") return message;
    const prompt = Math.round(usage.promptTokens * (1 + 0.6 * call++) * (0.9 + random() * 0.2));
    const completion = Math.round(usage.completionTokens * (0.6 + random() * 0.8));
    return {
      ...message,
      usage: {
        completion_tokens: completion,
        prompt_tokens: prompt,
        total_tokens: prompt + completion,
      },
    };
  });
}

export const DEMO_WIDESEARCH_TRIALS = 3;

function variantOf(random: () => number, column: DemoColumn, value: string): string {
  if (column.metric.includes("number_near")) {
    const n = Number(value.replace("%", ""));
    const off = (1 + (random() - 0.5) * 0.6) * n;
    return value.endsWith("%") ? `${off.toFixed(1)}%` : String(Math.round(off));
  }
  if (column.metric.includes("date_near")) {
    // Off by more than date_near's 31 days.
    const d = new Date(Date.parse(`${value}T00:00:00Z`) + 45 * 86_400_000);
    return d.toISOString().slice(0, 10);
  }
  if (column.metric.includes("url_match")) return value.replace("https://www.", "https://");
  return random() < 0.5 ? `${value} (?)` : "Unknown";
}

/** Formats a correct value the way agents write it: still right, differently spelled. */
function restyle(random: () => number, column: DemoColumn, value: string): string {
  if (column.metric.includes("date_near") && random() < 0.4) {
    const d = new Date(`${value}T00:00:00Z`);
    return d.toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
  }
  if (column.metric.includes("number_near") && random() < 0.3 && !value.endsWith("%"))
    return Number(value).toLocaleString("en-US");
  if (random() < 0.15) return `**${value}**`;
  return value;
}

function markdownTable(headers: string[], rows: string[][]): string {
  return [
    `| ${headers.join(" | ")} |`,
    `|${headers.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

export function demoResponse(
  task: DemoWideSearchTask,
  agent: DemoAgent,
  trial: number,
): Record<string, unknown> {
  const random = seededRandom(seedFrom(`${agent.model}|${task.seed}|${trial}`));
  const messages: Record<string, unknown>[] = [
    {
      role: "system",
      content:
        "You are a research agent. Use search and browse to collect every row, then answer with one markdown table.",
    },
    { role: "user", content: task.query },
  ];
  const searches = 2 + Math.floor(random() * 4);
  const wiki = `https://${task.language}.wikipedia.org/wiki/`;
  let callId = 0;
  for (let i = 0; i < searches; i++) {
    const id = `call_${++callId}`;
    // The first search asks for the whole list; each later one for one row's second column.
    const row = i === 0 ? null : task.rows[Math.floor(random() * task.rows.length)];
    const query = row ? `${row[0]} ${task.columns[1].name}` : task.query.split(/[.。]/)[0];
    const page = row
      ? {
          title: row[0],
          url: `${wiki}${encodeURIComponent(row[0].replace(/ /g, "_"))}`,
          text: `${row[0]}: ${header(task.columns[1])} ${row[1]}.`,
        }
      : {
          title: task.article.replace(/_/g, " "),
          url: `${wiki}${encodeURIComponent(task.article)}`,
          text: `${task.rows
            .slice(0, 3)
            .map((r) => r[0])
            .join(", ")}, …`,
        };
    messages.push({
      role: "assistant",
      content: "",
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: "search_global", arguments: JSON.stringify({ query }) },
        },
      ],
    });
    messages.push({
      role: "tool",
      tool_call_id: id,
      content: JSON.stringify([
        { title: `${page.title} - Wikipedia`, url: page.url, snippet: page.text },
      ]),
    });
    if (random() < 0.6) {
      const browseId = `call_${++callId}`;
      messages.push({
        role: "assistant",
        content: "",
        tool_calls: [
          {
            id: browseId,
            type: "function",
            function: {
              name: "text_browser_view",
              arguments: JSON.stringify({ url: page.url }),
            },
          },
        ],
      });
      messages.push({
        role: "tool",
        tool_call_id: browseId,
        content: `${page.title}\n\n${page.text} (${200 + Math.floor(random() * 3000)} words)…`,
      });
    }
  }
  let response: string;
  if (random() > agent.reliability) {
    response =
      random() < 0.5
        ? "I could not find a reliable source listing all of these; here is what I know so far: the first entries are likely correct."
        : `| ${task.columns[0].name} |\n|---|\n${task.rows.map((r) => `| ${r[0]} |`).join("\n")}`;
  } else {
    const headers = task.columns.map(header);
    const rows = task.rows
      .filter(() => random() < agent.recall)
      .map((row) =>
        row.map((value, i) =>
          i === 0 || random() < agent.accuracy
            ? restyle(random, task.columns[i], value)
            : variantOf(random, task.columns[i], value),
        ),
      );
    if (random() < 0.25)
      rows.push(
        task.columns.map((c, i) =>
          i === 0
            ? task.language === "zh"
              ? "其他"
              : "Other (unverified)"
            : c.metric.includes("number_near")
              ? "0"
              : "n/a",
        ),
      );
    const table = markdownTable(headers, rows);
    response =
      random() < 0.7
        ? `Here is the table.\n\n\`\`\`markdown\n${table}\n\`\`\`\n`
        : `${table}\n\nSources: Wikipedia.`;
  }
  messages.push({ role: "assistant", content: response });
  const usage = agent.completionUsage;
  return {
    instance_id: task.instanceId,
    response,
    messages: usage
      ? withCompletionUsage(messages, usage, `${agent.model}|${task.seed}|${trial}|usage`)
      : messages,
    trial_idx: trial,
  };
}

const REAL_WIDESEARCH = join(process.cwd(), "demo", "widesearch", "real");

/** Each model folder of the real WideSearch results (one holding `eval/`), as a results-only bundle. */
export function writeRealWideSearchBundles(root: string): DemoBundle[] {
  const bundles: DemoBundle[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const modelDir = join(dir, entry.name);
      const evalDir = join(modelDir, "eval");
      if (!existsSync(evalDir)) {
        visit(modelDir);
        continue;
      }
      const runs = readdirSync(evalDir)
        .filter((f) => f.endsWith(".csv"))
        .sort();
      const target = join(root, `widesearch-${entry.name}`);
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(evalDir))
        copyFileSync(join(evalDir, file), join(target, file));
      const manifest = {
        benchmark: "widesearch",
        model: entry.name,
        agent: "single agent (widesearch_exp)",
        setting: "single-agent",
        evaluations: runs,
        summaries: runs.map((run) => run.replace(/\.csv$/, "_summary.json")),
      };
      writeFileSync(join(target, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      bundles.push({ dir: target, model: entry.name, setting: "single-agent" });
    }
  };
  visit(REAL_WIDESEARCH);
  return bundles.sort((a, b) => a.model.localeCompare(b.model));
}

/** The synthetic native WideSearch bundles (tasks, gold CSVs, responses): one per demo agent. */
export function writeSyntheticWideSearchBundles(root: string): DemoBundle[] {
  return DEMO_WIDESEARCH_AGENTS.map((agent, i) => {
    const dir = join(root, `widesearch-synthetic-${i}`);
    mkdirSync(join(dir, "gold"), { recursive: true });
    writeFileSync(
      join(dir, "widesearch.jsonl"),
      `${DEMO_WIDESEARCH_TASKS.map(demoTaskLine).join("\n")}\n`,
    );
    for (const task of DEMO_WIDESEARCH_TASKS)
      writeFileSync(join(dir, "gold", `${task.instanceId}.csv`), demoGoldCsv(task));
    const results: string[] = [];
    for (const task of DEMO_WIDESEARCH_TASKS) {
      for (let trial = 0; trial < DEMO_WIDESEARCH_TRIALS; trial++) {
        const name = `demo_${task.instanceId}_${trial}_response.jsonl`;
        writeFileSync(join(dir, name), `${JSON.stringify(demoResponse(task, agent, trial))}\n`);
        results.push(name);
      }
    }
    const manifest = {
      benchmark: "widesearch",
      model: agent.model,
      agent: "synthetic demo",
      setting: "single-agent",
      tasks: "widesearch.jsonl",
      gold: "gold",
      results,
    };
    writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir, model: agent.model, setting: "single-agent" };
  });
}

/** Seeded after MPW: the real results first, then the synthetic native bundles. */
export const wideSearchDemo: BenchmarkDemo = {
  seedOrder: 2,
  write: (root) => [
    ...writeRealWideSearchBundles(join(root, "real")),
    ...writeSyntheticWideSearchBundles(join(root, "synthetic")),
  ],
};
