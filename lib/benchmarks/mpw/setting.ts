/**
 * MPW-Bench's settings in the paper's words, and which Setting-B prompt a record ran under:
 * the authors' setting-B scripts write the same records for both prompts, and their files
 * say only "setting B" (`Qwen3-30B-A3B_setting_b_results.jsonl`). Pure.
 */
import type { MpwSetting } from "./manifest";

/** What each setting gives the model (paper §4.2; prompts in `experiments/setting_B_guided/prompt.py`). */
export const MPW_SETTING_NOTES: Record<MpwSetting, string> = {
  A: "oracle: every atomic fact in the prompt, no tools",
  "B-guidance":
    "guided search, guidance prompt (guidance_prompt: a concise guide to atomic queries, 'query构建指南')",
  "B-fewshot":
    "guided search, few-shot prompt (fewshot_prompt: four worked decomposition examples, '查询分解指南（Query Decomposition Guide）')",
  C: "end to end: the question and the web_search tool only",
};

/**
 * Each Setting-B prompt's heading, as `prompt.py` writes it: a system prompt holding one of
 * them is that variant's.
 */
const B_PROMPT_HEADINGS: readonly [string, "B-guidance" | "B-fewshot"][] = [
  ["query构建指南", "B-guidance"],
  ["查询分解指南", "B-fewshot"],
];

/** The Setting-B variant a system prompt is, or null when it is neither's. */
export function settingBOfPrompt(systemPrompt: string | null): "B-guidance" | "B-fewshot" | null {
  if (systemPrompt === null) return null;
  const found = B_PROMPT_HEADINGS.filter(([heading]) => systemPrompt.includes(heading));
  return found.length === 1 ? found[0][1] : null;
}

/** Why "B" alone cannot be stored, and how to say which B: the manifest's refusal. */
export const SETTING_B_HELP =
  `Setting B has two prompts: "B-guidance" (${MPW_SETTING_NOTES["B-guidance"]}) and ` +
  `"B-fewshot" (${MPW_SETTING_NOTES["B-fewshot"]}). "B" is read from the records' system ` +
  "prompt when it is one of them; otherwise name the variant in manifest.json";
