/**
 * EvoBrowseComp's task set of one question version: records keyed as its samples are
 * (`task_id`), with the question's language where the record gives it, at the top or under
 * `benchmark` as a sample line has it.
 */
import { z } from "zod";
import { genericTaskFile, parseRecord, type TaskFileRules } from "../../standing/task-file";
import { EVO_LANGUAGES } from "./bundle-format";

const language = z.enum(EVO_LANGUAGES).nullish();
const languageSchema = z
  .object({ language, benchmark: z.object({ language }).loose().nullish() })
  .loose();

export const evoBrowseCompTaskFile: TaskFileRules = {
  describe:
    "EvoBrowseComp's questions of one version: one record per line with its task_id and language (en / zh, at the top or under benchmark, as in a sample line).",
  record(value, file, line) {
    const { taskKey } = genericTaskFile.record(value, file, line);
    const record = parseRecord(languageSchema, value, file, line);
    return { taskKey, tier: null, language: record.language ?? record.benchmark?.language ?? null };
  },
};
