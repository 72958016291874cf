/**
 * Where a benchmark module says a stored per-sample value is (a column, its task's column, a
 * `metrics` field), as SQL over samples and tasks: compare and the leaderboards' standings
 * read the same values. Raw SQL fragments, one version per dialect (`metrics` is JSON text
 * read with json_extract on SQLite, json read with `#>>` on PostgreSQL); the names come
 * from the modules, checked here.
 */
import type { CompareProfile, StoredValue } from "../../lib/benchmarks/types";
import type { Engine } from "../client";

/** A `metrics` field's name, checked before it reaches SQL: the names are the modules' own constants. */
function checkedField(field: string): string {
  if (!/^\w+$/.test(field)) throw new Error(`"${field}" is not a metrics field name`);
  return field;
}

/** A `metrics` field as SQL: SQLite's json_extract (typed), PostgreSQL's text (`#>>`). */
function metricSql(engine: Engine, alias: string, field: string): string {
  const name = checkedField(field);
  return engine === "postgres"
    ? `(${alias}.metrics #>> '{${name}}')`
    : `json_extract(${alias}.metrics, '$.${name}')`;
}

/**
 * Where a stored value is, as SQL over samples `s` (or the alias given) and tasks `t`.
 * `as: "number"` where the value is used as a number (averaged): PostgreSQL's JSON text is
 * then read as a number when it is one (NULL otherwise), as SQLite's json_extract gives it.
 */
export function valueSql(
  engine: Engine,
  from: StoredValue,
  alias = "s",
  as: "text" | "number" = "text",
): string {
  if ("metric" in from) {
    if (engine === "postgres" && as === "number") {
      const name = checkedField(from.metric);
      return `(CASE WHEN json_typeof(${alias}.metrics #> '{${name}}') = 'number' THEN (${alias}.metrics #>> '{${name}}')::double precision END)`;
    }
    return metricSql(engine, alias, from.metric);
  }
  if ("task" in from) return `t.${from.task}`;
  // The one boolean column: 0/1 on SQLite already, a boolean on PostgreSQL.
  if (from.sample === "correct" && engine === "postgres") return `(${alias}.correct)::integer`;
  return `${alias}.${from.sample}`;
}

/** One run's 0/1 outcome in the benchmark's primary metric, as an integer over the samples alias given. */
export function outcomeSql(engine: Engine, profile: CompareProfile, alias: string): string {
  const from = profile.outcomeFrom;
  if (!("equals" in from)) return valueSql(engine, from, alias, "number");
  const equals = `(${valueSql(engine, from, alias)} = '${from.equals.replace(/'/g, "''")}')`;
  return engine === "postgres" ? `${equals}::integer` : equals;
}

/** A run's tool calls, or NULL where the bundle did not say (so it is left out, never counted as 0). */
export function toolCallsSql(engine: Engine, profile: CompareProfile, alias = "s"): string {
  const from = profile.toolCallsFrom;
  if ("unlessNull" in from && from.unlessNull !== undefined)
    return `CASE WHEN ${metricSql(engine, alias, from.unlessNull)} IS NULL THEN NULL ELSE ${valueSql(engine, from, alias, "number")} END`;
  return valueSql(engine, from, alias, "number");
}
