/** MPW-Bench's official task file (`mpw_bench.jsonl`) as a canonical task set: each record read as the importer reads it. */
import type { TaskFileRules } from "../../standing/task-file";
import { parseMpwTaskRecord } from "./import";
import { factKeySet } from "../atomic-facts";
import { tierFromFactCount } from "./metrics";

export const mpwTaskFile: TaskFileRules = {
  describe:
    "MPW-Bench's task file (mpw_bench.jsonl): one task record per line, the task being its index; the tier comes from its atomic facts (1–5 easy, 6–10 medium, ≥ 11 hard), as at ingest.",
  record(value, file, line) {
    const task = parseMpwTaskRecord(value, file, line);
    // As the ingest stores a task's tier (db/ingest-shared.ts): from its distinct, trimmed fact keys.
    return {
      taskKey: task.taskKey,
      tier: tierFromFactCount(factKeySet(Object.keys(task.atomicFacts)).size),
      language: task.language,
      question: task.question,
    };
  },
};
