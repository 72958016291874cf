/**
 * Synthetic MPW result records in the authors' native format: full ReAct (or OpenAI
 * function-calling) trajectories with thoughts, queries, 4-entry SERPs, the PEM's hit
 * logs, every termination status and all three judge-field variants. Deterministic.
 */
import type { MpwSetting } from "./manifest";
import { seededRandom, seedFrom } from "../../random";
import type { MpwDemoModel, MpwTarget } from "./demo-models";

export interface DemoTaskInput {
  index: number;
  /** The task's place in the demo's task set: it seeds the record, whatever the task's index. */
  position: number;
  category: string;
  question: string;
  answer: string;
  atomicFacts: Record<string, string>;
}

type JudgeVariant = "answer" | "judge_response" | "evaluation";

const MAX_TURNS = 32;

const SYSTEM_PROMPTS: Record<MpwSetting, string> = {
  A: "You are a professional QA agent capable of answering questions based on the provided information.\nFormat: <think> your reasoning </think> <answer> your final answer </answer>",
  "B-guidance":
    "You are a ReAct-paradigm agent. Tool: web_search (top-4 results).\nQuery Decomposition Guide: one entity, one attribute, one time point per query; collect facts first, compute yourself.",
  "B-fewshot":
    "You are a ReAct-paradigm agent. Tool: web_search (top-4 results).\nFew-shot decomposition examples and solution plans follow: compare questions → one query per entity and attribute; time differences → fetch each time, subtract yourself.",
  C: "You are a ReAct-paradigm agent that accepts text input and answers user questions. Tool: web_search: retrieve external text information from the internet (top-4 results).\nFormat: <think>…</think> <tool_call>{…}</tool_call> … <answer>…</answer>",
};

const FILLER_TITLES = [
  "Preview: what the analysts expect",
  "Readers debate the numbers",
  "Official data portal: methodology notes",
  "Opinion: why the raw figures mislead",
  "Weekly round-up",
  "Data transparency controversy",
];

const TIER_SCALE = (factCount: number) => (factCount <= 5 ? 0.72 : factCount <= 10 ? 1.05 : 1.35);

function poissonish(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  // Log-normal spread around the mean: long tails, as the paper's n(k) curves show.
  const u1 = Math.max(random(), 1e-9);
  const u2 = random();
  const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  const draw = mean * Math.exp(0.55 * normal - 0.15);
  return Math.max(0, Math.round(draw));
}

function serpEntries(
  random: () => number,
  query: string,
  fact: [string, string] | null,
  date: string,
) {
  const entries = [];
  const factSlot = fact ? Math.floor(random() * 4) : -1;
  for (let id = 1; id <= 4; id++) {
    if (id - 1 === factSlot && fact) {
      entries.push({
        id,
        title: `Official record: ${fact[0]}`,
        content: `${fact[0]}: ${fact[1]}. Confirmed in the organisers' published record.`,
        date,
      });
    } else {
      const title = FILLER_TITLES[Math.floor(random() * FILLER_TITLES.length)];
      entries.push({
        id,
        title,
        content: `Coverage related to "${query}" without the specific fact; analysts note the data is context-dependent.`,
        date,
      });
    }
  }
  return entries;
}

function judgeFields(
  variant: JudgeVariant,
  correct: boolean,
  skipped: boolean,
  prediction: string | null,
  gold: string,
) {
  const verdict = correct ? "Correct" : "Incorrect";
  const think = correct
    ? `The prediction "${prediction}" states the same entity and figure as the ground truth "${gold}".`
    : `The prediction ${prediction ? `"${prediction}"` : "is empty and"} does not match the ground truth "${gold}".`;
  const judgeResponse = `<think>\n${think}\n</think>\n<answer>\n${verdict}\n</answer>`;
  if (skipped)
    return { answer: "No Answer", think: "", judge_response: "", judge_status: "skipped" };
  switch (variant) {
    case "answer":
      return { answer: verdict, think, judge_response: judgeResponse, judge_status: "success" };
    case "judge_response":
      return { judge_response: judgeResponse, judge_status: "success" };
    case "evaluation":
      return { evaluation: { judgment: verdict, reason: think } };
  }
}

/** A synthetic comparison question, naming its two sides. */
const COMPARISON = /: (.+) or (.+)\? Give the /;

/**
 * A wrong answer of the kind the question asks for. A synthetic comparison ("…: A or B?
 * Give the … and the difference", answered "A (n more)") is answered with the wrong side
 * or an estimated difference; the real tasks in `demo/mpw/` with a near miss of their own.
 */
function wrongAnswer(task: DemoTaskInput, estimate: boolean): { answer: string; why: string } {
  const sides = COMPARISON.exec(task.question);
  const gold = /^(.+) \((\d+) more\)$/.exec(task.answer);
  if (sides && gold) {
    const [winner, difference] = [gold[1], Number(gold[2])];
    if (estimate)
      return {
        answer: `${winner}, by about ${difference + 5 + (difference % 7)} (estimated)`,
        why: "Some figures are missing; I will estimate the difference.",
      };
    const other = sides[1] === winner ? sides[2] : sides[1];
    return {
      answer: `${other} (${difference} more)`,
      why: `The figures I found put ${other} ahead.`,
    };
  }
  const nearMiss = REAL_TASK_NEAR_MISSES.get(task.index);
  if (estimate || nearMiss === undefined)
    return {
      answer: "Not reported yet in the sources found",
      why: "None of the results states it.",
    };
  return { answer: nearMiss, why: "The results point to this answer." };
}

/** A compound query: the question pasted in, asking for everything at once (in its own language). */
function compoundQuery(task: DemoTaskInput): string {
  const ask = COMPARISON.test(task.question)
    ? "compare all"
    : /\p{Script=Han}/u.test(task.question)
      ? "全部信息"
      : "all details";
  return `${task.question.slice(0, 80)} ${ask}`;
}

/** A plausible wrong answer to each real task kept in `demo/mpw/` (by index): the finalist for the champion, another lab, another film. */
const REAL_TASK_NEAR_MISSES = new Map<number, string>([
  [0, "Jannik Sinner"],
  [1, "中国科学院物理研究所，材料命名为LCH-7"],
  [2, "《Glass Harbour》，导演Greta Gerwig"],
]);

export interface DemoRecordOptions {
  model: MpwDemoModel;
  setting: MpwSetting;
  judgeVariant: JudgeVariant;
}

export function generateMpwRecord(
  task: DemoTaskInput,
  options: DemoRecordOptions,
): Record<string, unknown> {
  const { model, setting } = options;
  const random = seededRandom(seedFrom(`${model.model}|${setting}|${task.position}`));
  const factEntries = Object.entries(task.atomicFacts);
  const factCount = factEntries.length;
  const messages: Record<string, unknown>[] = [
    { role: "system", content: SYSTEM_PROMPTS[setting] },
  ];
  const date = `2027-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;

  if (setting === "A") {
    const facts = factEntries.map(([k, v], i) => `${i + 1}. ${k}: ${v}`).join("\n");
    messages.push({ role: "user", content: `${task.question}\n\nFacts:\n${facts}` });
    const correct = random() < (model.settingA ?? 0.8) * (1.12 - 0.1 * TIER_SCALE(factCount));
    const prediction = correct ? task.answer : "Cannot be determined from the given facts";
    messages.push({
      role: "assistant",
      content: `<think>\nAll ${factCount} facts are given; combine them.\n</think>\n<answer>\n${prediction}\n</answer>`,
    });
    return {
      index: task.index,
      category: task.category,
      messages,
      ground_truth: task.answer,
      prediction,
      full_response: messages.at(-1)?.content,
      status: "finished",
      trajectory_log: {
        tool_calls: [],
        hit_logs: [],
        full_history: null,
        world_truth_info: {
          generated_question: task.question,
          atomic_facts: task.atomicFacts,
          final_answer: task.answer,
        },
        final_answer: prediction,
      },
      actual_turns: 1,
      max_turns: MAX_TURNS,
      ...judgeFields(options.judgeVariant, correct, false, prediction, task.answer),
    };
  }

  const target = model.targets[setting] as MpwTarget;
  messages.push({ role: "user", content: task.question });
  const plannedCalls = poissonish(random, target.toolCalls * TIER_SCALE(factCount));
  const covered = new Set<string>();
  const toolCallLog: Record<string, unknown>[] = [];
  const hitLogs: Record<string, unknown>[] = [];
  const calls = Math.min(plannedCalls, MAX_TURNS);
  let callId = 0;
  let previousHit = false;
  for (let k = 1; k <= calls; k++) {
    const uncovered = factEntries.filter(([key]) => !covered.has(key));
    const decay = Math.max(0.35, 1.2 - 0.035 * k);
    const hit = factCount > 0 && random() < target.hitRate * decay * 1.05;
    const compound = !hit && random() < 0.45;
    let fact: [string, string] | null = null;
    if (hit) {
      // Salient facts surface first: the chance that a hit is new falls as coverage grows.
      const share = uncovered.length / Math.max(factCount, 1);
      const fresh =
        uncovered.length > 0 &&
        random() <
          Math.min(
            0.95,
            0.1 + share * Math.min(1.2, (target.fcr / Math.max(target.hitRate, 0.01)) * 1.1),
          );
      fact = fresh
        ? uncovered[Math.floor(random() * uncovered.length)]
        : factEntries[Math.floor(random() * factEntries.length)];
      covered.add(fact[0]);
    }
    const subject = fact
      ? fact[0]
      : factEntries.length
        ? factEntries[Math.floor(random() * factEntries.length)][0]
        : task.question;
    const query = compound ? compoundQuery(task) : subject.replace(" — ", " ");
    // A thought reads the result before it: whether the previous call hit.
    const thought =
      k === 1
        ? `I need to decompose the question. ${factCount} pieces of evidence seem necessary; start with the first entity.`
        : previousHit
          ? "That result gave a concrete fact. Next, the remaining ones."
          : "The results discuss the topic but do not state the fact. I should refine the query.";
    previousHit = hit;
    const serp = { search_query: query, search_result: serpEntries(random, query, fact, date) };
    // A few keys arrive whitespace-padded, as real PEM logs sometimes do; metrics trim them.
    const matchedKey = fact ? (random() < 0.03 ? ` ${fact[0]} ` : fact[0]) : null;
    toolCallLog.push({ tool_name: "web_search", query, hit: hit ? 1 : 0 });
    hitLogs.push({
      query,
      is_compound_query: compound,
      hit: hit ? 1 : 0,
      matched_fact_keys: matchedKey ? [matchedKey] : [],
      reason: hit
        ? `Query targets a single atomic fact: ${fact?.[0]}`
        : compound
          ? "Compound query mixing several entities and attributes"
          : "No atomic fact matches the query",
    });
    const malformedThought = random() < 0.01;
    if (model.openAiMessages) {
      callId += 1;
      const id = `call_${task.index}_${callId}`;
      messages.push({
        role: "assistant",
        content: `<think>\n${thought}\n</think>`,
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: "web_search", arguments: JSON.stringify({ query }) },
          },
        ],
      });
      messages.push({ role: "tool", tool_call_id: id, content: JSON.stringify(serp) });
    } else {
      const thinkPart = malformedThought
        ? `<think>\n${thought}\n`
        : `<think>\n${thought}\n</think>\n\n`;
      messages.push({
        role: "assistant",
        content: `${thinkPart}<tool_call>\n${JSON.stringify({ name: "web_search", arguments: { query } }, null, 4)}\n</tool_call>`,
      });
      messages.push({ role: "user", content: JSON.stringify(serp) });
    }
  }

  const fcr = factCount === 0 ? 0 : covered.size / factCount;
  const setA = model.settingA ?? 0.85;
  const slope = setA * 0.85;
  const intercept = Math.max(0.02, target.pass1 - slope * target.fcr);
  const pCorrect = Math.min(0.97, intercept + slope * Math.pow(fcr, 1.1));

  let status = "finished";
  const u = random();
  if (plannedCalls >= MAX_TURNS) status = "max_turns_reached";
  else if (u < 0.012) status = "api_error";
  else if (u < 0.02) status = "empty_response";
  else if (u < 0.035 && calls >= 6) status = "max_turns_reached";

  let prediction: string | null = null;
  let correct = false;
  if (status === "finished") {
    correct = random() < pCorrect;
    const wrong = correct ? null : wrongAnswer(task, random() < 0.3);
    prediction = wrong?.answer ?? task.answer;
    const found = `I found ${covered.size} of the ${factCount} facts the question rests on.`;
    const why =
      wrong?.why ?? (covered.size === factCount ? "They settle it." : "The rest I can infer.");
    const closing = `<think>\n${found} ${why}\n</think>\n<answer>\n${prediction}\n</answer>`;
    messages.push({ role: "assistant", content: closing });
  } else if (status === "empty_response") {
    messages.push({ role: "assistant", content: "" });
  }
  const skipped = status === "finished" && random() < 0.01;

  const record: Record<string, unknown> = {
    index: task.index,
    category: task.category,
    messages,
    ground_truth: task.answer,
    prediction: prediction ?? "",
    full_response: status === "finished" ? messages.at(-1)?.content : "",
    status,
    trajectory_log: {
      tool_calls: toolCallLog,
      hit_logs: hitLogs,
      full_history: null,
      world_truth_info: {
        generated_question: task.question,
        atomic_facts: task.atomicFacts,
        final_answer: task.answer,
      },
      final_answer: prediction,
    },
    actual_turns: status === "max_turns_reached" ? MAX_TURNS : calls + 1,
    max_turns: MAX_TURNS,
    ...judgeFields(options.judgeVariant, correct && !skipped, skipped, prediction, task.answer),
  };
  if (status === "api_error")
    record.error_info = {
      type: "ReadTimeout",
      message: "LLM endpoint timed out after 3 retries",
      turn: calls + 1,
    };
  return record;
}
