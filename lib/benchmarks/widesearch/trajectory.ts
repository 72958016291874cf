/**
 * A WideSearch response's messages as trajectory steps, and its search and browse
 * call counts. Messages that are not OpenAI chat messages (widesearch_exp writes dicts
 * into `content`) are kept as text steps, never dropped.
 */
import { chatMessageSchema, stepsFromMessages, type ChatMessage } from "../../trajectory/messages";
import type { Step } from "../../trajectory/steps";

export function wideSearchSteps(messages: readonly { role: string }[]): Step[] {
  const chat: ChatMessage[] = messages.map((message) => {
    const parsed = chatMessageSchema.safeParse(message);
    if (parsed.success) return parsed.data;
    // Keep tool_calls and tool_call_id so results still link to their calls.
    const record = message as { role: string } & Record<string, unknown>;
    const asText = chatMessageSchema.safeParse({
      ...record,
      content: JSON.stringify(record.content ?? null, null, 2),
    });
    return asText.success
      ? asText.data
      : { role: record.role, content: JSON.stringify(record, null, 2) };
  });
  return stepsFromMessages(chat);
}

const SEARCH_TOOL = /search/i;
const BROWSE_TOOL = /browse|visit|open|fetch|read|crawl|scrape|page|url/i;

export interface ToolCallCounts {
  search: number;
  browse: number;
  other: number;
}

/**
 * Search and browse calls: the producer's own `tool_call_counts` when it gave them,
 * else counted from the trajectory's tool calls by tool name.
 */
export function toolCallCounts(
  steps: readonly Step[],
  reported: Record<string, number> | null,
): ToolCallCounts {
  const counts: ToolCallCounts = { search: 0, browse: 0, other: 0 };
  const add = (name: string, n: number) => {
    if (SEARCH_TOOL.test(name)) counts.search += n;
    else if (BROWSE_TOOL.test(name)) counts.browse += n;
    else counts.other += n;
  };
  if (reported && Object.keys(reported).length) {
    for (const [name, n] of Object.entries(reported)) add(name, n);
    return counts;
  }
  for (const step of steps) if (step.kind === "tool_call") add(step.name ?? "", 1);
  return counts;
}
