/**
 * Judge prompts: each benchmark's own (as its paper gives it) is in its module
 * (`judge.prompt`); here is their shape and how their placeholders are filled. Pure.
 */

export interface JudgePrompt {
  /** Where the prompt comes from. */
  source: string;
  system: string | null;
  user: string;
}

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** Fills a template's placeholders in one pass, so a value that itself contains "{response}" is not expanded again. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? values[name] : whole,
  );
}

export function judgeMessages(
  prompt: JudgePrompt,
  input: { question: string | null; gold: string; prediction: string | null },
): ChatMessage[] {
  const values = {
    question: input.question ?? "(not given)",
    correct_answer: input.gold,
    response: input.prediction ?? "",
  };
  const messages: ChatMessage[] = [];
  if (prompt.system) messages.push({ role: "system", content: prompt.system });
  messages.push({ role: "user", content: fillTemplate(prompt.user, values) });
  return messages;
}
