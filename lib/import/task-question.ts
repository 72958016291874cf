/**
 * Does a tasks file's task agree with the records that name it? Where records carry their
 * own question, a tasks file whose question for the same key is another one belongs to
 * other tasks (e.g. a release's example tasks numbered like the run's): its gold and facts
 * would be shown beside trajectories of different questions, so the bundle is refused.
 */
import { BundleError } from "./errors";

/** Producers rewrap prompts and re-space them; width and spaces say nothing about the question. */
function normalised(question: string): string {
  return question.normalize("NFKC").replace(/\s+/g, "");
}

const EXCERPT = 60;

function excerpt(question: string): string {
  const text = question.replace(/\s+/g, " ").trim();
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
}

/**
 * True when the task's question and one of the record's own (its prompt, its generated
 * question) are the same text or one contains the other (a prompt wraps the question in
 * instructions); true also when either side has none to compare.
 */
export function questionsAgree(
  taskQuestion: string | null,
  recordQuestions: readonly (string | null | undefined)[],
): boolean {
  const task = taskQuestion === null ? "" : normalised(taskQuestion);
  const own = recordQuestions
    .filter((q): q is string => typeof q === "string")
    .map(normalised)
    .filter(Boolean);
  if (!task || own.length === 0) return true;
  return own.some((q) => q.includes(task) || task.includes(q));
}

/** Throws a BundleError naming the task when the tasks file's question is not the record's. */
export function checkTaskQuestion(
  taskKey: string,
  taskQuestion: string | null,
  recordQuestions: readonly (string | null | undefined)[],
  file: string,
  line: number | null,
): void {
  if (questionsAgree(taskQuestion, recordQuestions)) return;
  const own = recordQuestions.find((q): q is string => typeof q === "string" && q.trim() !== "");
  throw BundleError.at(
    file,
    line,
    null,
    `task ${taskKey}: the tasks file's question ("${excerpt(taskQuestion ?? "")}") is not this record's ("${excerpt(own ?? "")}"): the tasks file holds other tasks under these ids`,
  );
}
