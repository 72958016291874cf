import type { StepPart } from "../lib/filter/parse";
import { sql, type SQL } from "drizzle-orm";
import type { Engine } from "./client";

/** The step-search index's column (SQLite) or part (PostgreSQL) of each step field. */
const PART_COLUMN = { query: "query", result: "result", answer: "answer" } as const;

/**
 * The ids of the steps whose text contains `term` (case-insensitively), in `part` ("any":
 * every step), as a subquery read from the step-search index (db/migrations*
 * "step_search"): never a scan of the steps. The term has 3 or more characters (the parser's
 * `MIN_STEP_TERM_LENGTH`): both indexes are of 3-character sequences.
 */
export function stepsMatching(engine: Engine, part: StepPart, term: string): SQL {
  if (engine === "sqlite") {
    // An FTS5 phrase: the trigram tokenizer matches it as a substring; `"` is doubled inside.
    const phrase = `"${term.replace(/"/g, '""')}"`;
    const match = part === "any" ? phrase : `{${PART_COLUMN[part]}} : ${phrase}`;
    return sql`SELECT rowid FROM step_search WHERE step_search MATCH ${match}`;
  }
  // The GIN index finds the rows holding every 3-character sequence of the term; strpos keeps
  // those holding it whole. Both sides lower-cased the one way, the index's expression.
  const inPart = part === "any" ? sql`` : sql` AND part = ${PART_COLUMN[part]}`;
  return sql`SELECT step_id FROM step_search WHERE seekboard_trigrams(lower(body)) @> seekboard_trigrams(lower(${term}::text)) AND strpos(lower(body), lower(${term}::text)) > 0${inPart}`;
}
