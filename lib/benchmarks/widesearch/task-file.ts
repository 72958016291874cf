/**
 * WideSearch's official task file (`widesearch.jsonl`) as a canonical task set: each line's
 * `instance_id`, language and query, read as the importer reads them. The gold tables and
 * evaluation pipelines are the importer's business, not the task set's.
 */
import { z } from "zod";
import { parseRecord, type TaskFileRules } from "../../standing/task-file";
import { taskLanguage, taskLineSchema } from "./formats";

const idAndLanguageSchema = taskLineSchema
  .pick({ instance_id: true, language: true })
  .extend({ query: z.string().optional() });

export const wideSearchTaskFile: TaskFileRules = {
  describe:
    "WideSearch's task file (widesearch.jsonl): one task per line, keyed by instance_id; the language is the line's language, else the id's (ws_en_… / ws_zh_…).",
  record(value, file, line) {
    const record = parseRecord(idAndLanguageSchema, value, file, line);
    return {
      taskKey: record.instance_id,
      tier: null,
      language: taskLanguage(record.instance_id, record.language, file, line),
      question: record.query ?? null,
    };
  },
  idSplits: (taskKey, file, line) => ({
    tier: null,
    language: taskLanguage(taskKey, null, file, line),
  }),
};
