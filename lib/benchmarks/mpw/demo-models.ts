import type { MpwSetting } from "./manifest";

/**
 * The models and overall figures of the MPW paper (Tables 3–6), used as targets for
 * the synthetic demo submissions: Pass@1, FCR and HitRate as fractions, mean ToolCalls.
 * The demo draws samples around them; its own measured figures will differ a little.
 */
export interface MpwTarget {
  pass1: number;
  fcr: number;
  hitRate: number;
  toolCalls: number;
}

export interface MpwDemoModel {
  model: string;
  agent: string;
  /** OpenAI-style tool calls instead of ReAct text turns (the API models). */
  openAiMessages: boolean;
  settingA: number | null;
  targets: Partial<Record<Exclude<MpwSetting, "A">, MpwTarget>>;
}

const t = (pass1: number, fcr: number, hitRate: number, toolCalls: number): MpwTarget => ({
  pass1: pass1 / 100,
  fcr: fcr / 100,
  hitRate: hitRate / 100,
  toolCalls,
});

export const MPW_DEMO_MODELS: MpwDemoModel[] = [
  {
    model: "MindWatcher 32B",
    agent: "ReAct",
    openAiMessages: false,
    settingA: 0.8501,
    targets: {
      "B-fewshot": t(47.51, 41.4, 49.4, 10.1),
      "B-guidance": t(44.15, 39.6, 47.8, 10.01),
      C: t(38.56, 34.9, 43.0, 8.72),
    },
  },
  {
    model: "Qwen3-30B-A3B",
    agent: "ReAct",
    openAiMessages: false,
    settingA: 0.8514,
    targets: {
      "B-fewshot": t(20.96, 17.0, 33.4, 2.15),
      "B-guidance": t(15.8, 11.9, 23.2, 1.96),
      C: t(15.36, 9.7, 21.1, 1.59),
    },
  },
  {
    model: "Qwen3-32B",
    agent: "ReAct",
    openAiMessages: false,
    settingA: 0.9104,
    targets: {
      "B-fewshot": t(23.82, 21.6, 36.1, 2.65),
      "B-guidance": t(27.24, 24.0, 42.6, 2.58),
      C: t(18.35, 12.3, 23.8, 1.92),
    },
  },
  {
    model: "MiniMax-m2",
    agent: "ReAct",
    openAiMessages: false,
    settingA: 0.6723,
    targets: {
      "B-fewshot": t(32.09, 27.1, 28.9, 7.01),
      "B-guidance": t(34.33, 29.2, 31.2, 7.45),
      C: t(25.44, 21.9, 25.3, 4.9),
    },
  },
  {
    model: "MiniMax-m2.1",
    agent: "ReAct",
    openAiMessages: false,
    settingA: 0.8246,
    targets: {
      "B-fewshot": t(37.19, 36.0, 29.9, 12.55),
      "B-guidance": t(39.99, 36.0, 31.3, 12.04),
      C: t(31.84, 28.3, 24.3, 10.92),
    },
  },
  {
    model: "Tongyi DeepResearch 30B-A3B",
    agent: "ReAct",
    openAiMessages: false,
    settingA: 0.834,
    targets: {
      "B-fewshot": t(16.98, 19.0, 26.0, 5.32),
      "B-guidance": t(19.09, 23.2, 29.7, 5.25),
      C: t(7.4, 5.1, 8.5, 3.93),
    },
  },
  {
    model: "Youtu Agent 7B",
    agent: "ReAct",
    openAiMessages: false,
    settingA: 0.6791,
    targets: {
      "B-fewshot": t(5.47, 0.1, 13.9, 0.02),
      "B-guidance": t(4.23, 0.1, 10.5, 0.03),
      C: t(5.53, 0.7, 3.0, 0.74),
    },
  },
  { model: "GLM-4.7", agent: "ReAct", openAiMessages: false, settingA: 0.898, targets: {} },
  {
    model: "GPT-5",
    agent: "ReAct (function calling)",
    openAiMessages: true,
    settingA: null,
    targets: { C: t(33.21, 19.2, 12.0, 8.64) },
  },
  {
    model: "Gemini-2.5-Flash",
    agent: "ReAct (function calling)",
    openAiMessages: true,
    settingA: null,
    targets: { C: t(7.59, 6.0, 32.4, 0.9) },
  },
  {
    model: "Gemini-2.5-Pro",
    agent: "ReAct (function calling)",
    openAiMessages: true,
    settingA: null,
    targets: { C: t(4.98, 2.3, 15.2, 1.37) },
  },
  {
    model: "Gemini-3-Pro",
    agent: "ReAct (function calling)",
    openAiMessages: true,
    settingA: null,
    targets: { C: t(18.41, 6.4, 12.7, 4.35) },
  },
  {
    model: "Kimi-K2",
    agent: "ReAct (function calling)",
    openAiMessages: true,
    settingA: null,
    targets: { C: t(20.71, 11.1, 15.9, 3.16) },
  },
];
