/**
 * InfoMosaic-Bench's official task file as a canonical task set: the release's gold file
 * (`info_mosaic_gt_answer.jsonl`: `id`, `GT`, `testcase`) or the Hugging Face task records
 * (`id`, `query`, `domain`, language), one per line, keyed by `id` as the importer keys them.
 */
import { z } from "zod";
import { parseRecord, type TaskFileRules } from "../../standing/task-file";
import { guessLanguage, taskLineSchema } from "./formats";

const idAndLanguageSchema = taskLineSchema
  .pick({ id: true, language: true })
  .extend({ query: z.string().nullish() });

export const infoMosaicTaskFile: TaskFileRules = {
  describe:
    "InfoMosaic-Bench's gold file (info_mosaic_gt_answer.jsonl) or its Hugging Face task records: one per line, keyed by id; the language is the record's language, else guessed from its query (the gold file says neither).",
  record(value, file, line) {
    const record = parseRecord(idAndLanguageSchema, value, file, line);
    const language = record.language?.trim() || (record.query ? guessLanguage(record.query) : null);
    return { taskKey: String(record.id), tier: null, language };
  },
};
