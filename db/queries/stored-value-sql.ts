/**
 * Where a benchmark module says a stored per-sample value is (a column, its task's column, a
 * `metrics` field), as SQL over samples and tasks: compare and the leaderboards' standings
 * read the same values. Raw SQL fragments; the names come from the modules, checked here.
 */
import type { CompareProfile, StoredValue } from "../../lib/benchmarks/types";

/** A `metrics` field's JSON path; the names are the modules' own constants, checked before they reach SQL. */
function metricPath(field: string): string {
  if (!/^\w+$/.test(field)) throw new Error(`"${field}" is not a metrics field name`);
  return `'$.${field}'`;
}

/** Where a stored value is, as SQL over samples `s` and tasks `t`. */
export function valueSql(from: StoredValue, alias = "s"): string {
  if ("metric" in from) return `json_extract(${alias}.metrics, ${metricPath(from.metric)})`;
  if ("task" in from) return `t.${from.task}`;
  return `${alias}.${from.sample}`;
}

/** One run's 0/1 outcome in the benchmark's primary metric, as SQL over the samples alias given. */
export function outcomeSql(profile: CompareProfile, alias: string): string {
  const from = profile.outcomeFrom;
  return "equals" in from ? `(${valueSql(from, alias)} = '${from.equals.replace(/'/g, "''")}')` : valueSql(from, alias);
}

/** A run's tool calls, or NULL where the bundle did not say (so it is left out, never counted as 0). */
export function toolCallsSql(profile: CompareProfile, alias = "s"): string {
  const from = profile.toolCallsFrom;
  if ("unlessNull" in from && from.unlessNull !== undefined) return `CASE WHEN json_extract(${alias}.metrics, ${metricPath(from.unlessNull)}) IS NULL THEN NULL ELSE ${valueSql(from, alias)} END`;
  return valueSql(from, alias);
}
