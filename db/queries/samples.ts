import "server-only";
import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { parseFilter, type FilterClause, type FilterError } from "../../lib/filter/parse";
import {
  HIGH_COMPOUND_RATE,
  HINT_IDS,
  LOW_FCR,
  sampleHints,
  TOOL_FREE_SAMPLE_MARKERS,
  TOOL_LIMIT_FIELDS,
  toolsAvailable,
  type HintId,
} from "../../lib/hints/hints";
import { benchmarkModule } from "../../lib/benchmarks/registry";
import { assertNever } from "../../lib/assert-never";
import {
  DEFAULT_SAMPLE_FILTERS,
  SAMPLE_PAGE_SIZE,
  type SampleFilters,
  type SampleFieldSortKey,
  type SampleSort,
  type SampleSortKey,
} from "../../lib/url/samples";
import { engineOf, first, type Db, type Engine } from "../client";
import {
  sampleFacts,
  sampleFailureModes,
  samples,
  sampleTags,
  steps,
  submissions,
  submissionTasks,
  tasks,
} from "../schema";
import { factFigureSql, factsOfSample } from "../sample-facts";
import { ascNullsFirst, descNullsLast } from "./order";
import { stepsMatching } from "../step-index";
import { tagsOfSamples } from "./tags";
import type { SampleRef } from "./trajectory";

export interface SampleListRow {
  id: number;
  taskKey: string;
  run: number;
  question: string | null;
  prediction: string | null;
  goldAnswer: string | null;
  correct: boolean;
  status: string;
  tier: string | null;
  category: string | null;
  fcr: number | null;
  hitRate: number;
  toolCalls: number;
  factCount: number;
  factsCovered: number;
  malformedSteps: number;
  /** Benchmark-specific figures (WideSearch P/R/F1); null for MPW. */
  metrics: Record<string, unknown> | null;
  /** The automatic hints that apply (lib/hints). */
  hints: HintId[];
  /** The maintainers' tags, in the order they were applied. */
  tags: string[];
}

/** `%`, `_` and the escape character itself taken literally inside LIKE. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The samples with an automatic hint, as SQL: exactly those for which `hasHint` holds
 * (db/tags.test.ts), in a query that joins `sample_facts` (`factsOfSample`). A boolean on both engines; `metrics` is JSON text on SQLite, json on
 * PostgreSQL (cast to jsonb where values are compared).
 */
export function hintCondition(engine: Engine, hint: HintId, setting: string): SQL {
  const postgres = engine === "postgres";
  switch (hint) {
    case "low-fcr-stop":
      return sql`(${samples.status} = 'finished' AND ${eq(samples.correct, false)} AND ${samples.toolCalls} >= 1 AND ${sampleFacts.fcr} IS NOT NULL AND ${sampleFacts.fcr} < ${LOW_FCR})`;
    case "compound":
      return sql`(${sampleFacts.compoundRate} IS NOT NULL AND ${sampleFacts.compoundRate} > ${HIGH_COMPOUND_RATE})`;
    case "tool-limit":
      // The field is JSON `true` (hasHint's `=== true`).
      return sql`(${samples.status} = 'max_turns_reached' OR (${samples.actualTurns} IS NOT NULL AND ${samples.maxTurns} IS NOT NULL AND ${samples.actualTurns} >= ${samples.maxTurns})${sql.join(
        TOOL_LIMIT_FIELDS.map((field) =>
          postgres
            ? sql` OR coalesce((${samples.metrics} -> ${field}::text)::jsonb = 'true'::jsonb, false)`
            : sql` OR coalesce(json_type(${samples.metrics}, ${`$.${field}`}) = 'true', 0)`,
        ),
      )})`;
    case "no-search":
      // The submission's setting is known here; only a per-sample tool-free marker is left to SQL.
      if (!toolsAvailable({ setting, metrics: null })) return sql`(1 = 0)`;
      return postgres
        ? sql`(${samples.toolCalls} = 0 AND ${samples.prediction} IS NOT NULL AND btrim(${samples.prediction}, ' ' || chr(9) || chr(10) || chr(13)) != ''${sql.join(
            TOOL_FREE_SAMPLE_MARKERS.map(
              (marker) =>
                sql` AND NOT coalesce((${samples.metrics} -> ${marker.field}::text)::jsonb = to_jsonb(${marker.value}::text), false)`,
            ),
          )})`
        : sql`(${samples.toolCalls} = 0 AND ${samples.prediction} IS NOT NULL AND trim(${samples.prediction}, ' ' || char(9, 10, 13)) != ''${sql.join(
            TOOL_FREE_SAMPLE_MARKERS.map(
              (marker) =>
                sql` AND coalesce(json_extract(${samples.metrics}, ${`$.${marker.field}`}), '') != ${marker.value}`,
            ),
          )})`;
    default:
      return assertNever(hint);
  }
}

const NUMERIC_COLUMNS = {
  fcr: factFigureSql.fcr,
  calls: samples.toolCalls,
  hits: factFigureSql.hits,
  hitrate: factFigureSql.hitRate,
  compound: factFigureSql.compoundRate,
  facts: factFigureSql.factCount,
  turns: samples.actualTurns,
  run: samples.run,
} as const;

/** The sample's question and gold answer as its own submission gave them: never another submission's. */
const OWN_TEXT = and(
  eq(submissionTasks.submissionId, samples.submissionId),
  eq(submissionTasks.taskId, samples.taskId),
);

/**
 * `column` contains `text`, case-insensitively: SQLite's LIKE already is (for ASCII);
 * PostgreSQL's is not, so both sides are lower-cased there.
 */
function contains(engine: Engine, column: SQLWrapper, text: string): SQL {
  const pattern = likePattern(text);
  return engine === "postgres"
    ? sql`lower(${column}) LIKE lower(${pattern}) ESCAPE '\\'`
    : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

function textCondition(engine: Engine, text: string): SQL {
  return sql`(${sql.join(
    [samples.taskKey, submissionTasks.question, samples.prediction, submissionTasks.goldAnswer].map(
      (column) => contains(engine, column, text),
    ),
    sql` OR `,
  )})`;
}

/** One clause of the filter language as SQL; every user value is a bound parameter. */
function clauseCondition(engine: Engine, clause: FilterClause, setting: string): SQL {
  const condition = ((): SQL => {
    switch (clause.field) {
      case "text":
        return textCondition(engine, clause.value);
      case "status":
        return sql`${samples.status} = ${clause.value}`;
      case "category":
        return sql`lower(${samples.category}) = lower(${clause.value})`;
      case "language":
        return sql`lower(${tasks.language}) = lower(${clause.value})`;
      case "task":
        return sql`${samples.taskKey} = ${clause.value}`;
      case "tag":
        return sql`EXISTS (SELECT 1 FROM ${sampleTags} WHERE ${sampleTags.sampleId} = ${samples.id} AND lower(${sampleTags.tag}) = lower(${clause.value}))`;
      case "mode":
        return sql`EXISTS (SELECT 1 FROM ${sampleFailureModes} WHERE ${sampleFailureModes.sampleId} = ${samples.id} AND ${sampleFailureModes.mode} = ${clause.value})`;
      case "correct":
        return eq(samples.correct, clause.value) as SQL;
      case "tier":
        return sql`${samples.tier} = ${clause.value}`;
      case "hint":
        return hintCondition(engine, clause.value, setting);
      case "step":
        return sql`${samples.id} IN (SELECT ${steps.sampleId} FROM ${steps} WHERE ${steps.id} IN (${stepsMatching(engine, clause.part, clause.value)}))`;
      default: {
        const column = NUMERIC_COLUMNS[clause.field];
        switch (clause.op) {
          case "<":
            return sql`${column} < ${clause.value}`;
          case "<=":
            return sql`${column} <= ${clause.value}`;
          case ">":
            return sql`${column} > ${clause.value}`;
          case ">=":
            return sql`${column} >= ${clause.value}`;
          case "=":
            return sql`${column} = ${clause.value}`;
        }
      }
    }
  })();
  // A missing value (no FCR, no language) fails the clause, so it passes the negated clause.
  return clause.negated ? sql`NOT coalesce(${condition}, 1 = 0)` : condition;
}

/**
 * The samples for which every clause holds, as SQL over `samples` joined as `listSamples` joins
 * it (`tasks`, the submission's own `submission_tasks`, `sample_facts`): for a search over many
 * submissions, each of one setting (the hints depend on it).
 */
export function clausesCondition(engine: Engine, clauses: FilterClause[], setting: string): SQL {
  return and(sql`1 = 1`, ...clauses.map((clause) => clauseCondition(engine, clause, setting)))!;
}

/** The joins `clausesCondition` reads. */
export { OWN_TEXT as ownTaskText };

function whereOf(
  engine: Engine,
  submissionId: number,
  { setting, cohortStatuses }: SubmissionScope,
  filters: SampleFilters,
  clauses: FilterClause[],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(samples.submissionId, submissionId)];
  if (filters.verdict !== "all")
    conditions.push(eq(samples.correct, filters.verdict === "correct"));
  if (filters.status) conditions.push(eq(samples.status, filters.status));
  if (filters.tier !== "all") conditions.push(eq(samples.tier, filters.tier));
  if (filters.category) conditions.push(eq(samples.category, filters.category));
  if (filters.fcrMin !== null) conditions.push(gte(sampleFacts.fcr, filters.fcrMin));
  if (filters.fcrMax !== null) conditions.push(lte(sampleFacts.fcr, filters.fcrMax));
  if (filters.minCalls !== null) conditions.push(gte(samples.toolCalls, filters.minCalls));
  if (filters.cohort) {
    conditions.push(
      cohortStatuses.length ? inArray(samples.status, [...cohortStatuses]) : sql`(1 = 0)`,
      gte(samples.toolCalls, 1),
      gt(sampleFacts.factCount, 0),
    );
  }
  if (filters.q) {
    conditions.push(
      or(
        eq(samples.taskKey, filters.q),
        contains(engine, submissionTasks.question, filters.q),
        contains(engine, samples.prediction, filters.q),
        contains(engine, submissionTasks.goldAnswer, filters.q),
      ),
    );
  }
  for (const clause of clauses) conditions.push(clauseCondition(engine, clause, setting));
  return and(...conditions);
}

/** What the list's conditions need of the submission: its setting (the hints) and the statuses of its benchmark's call cohort (none: no cohort). */
interface SubmissionScope {
  setting: string;
  cohortStatuses: readonly string[];
}

async function submissionScope(db: Db, submissionId: number): Promise<SubmissionScope> {
  const row = await first(
    db
      .select({ setting: submissions.setting, benchmarkId: submissions.benchmarkId })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .limit(1),
  );
  if (!row) throw new Error(`no submission ${submissionId}`);
  return {
    setting: row.setting,
    cohortStatuses: benchmarkModule(row.benchmarkId).factPlots?.cohortStatuses ?? [],
  };
}

export interface SampleList {
  rows: SampleListRow[];
  total: number;
  /** The `f` query's syntax error; the list is then empty (a query that does not parse selects nothing, not everything). */
  queryError: FilterError | null;
}

/** A task key of digits only orders as a number (MPW's "2" before "10"), others as text (numeric: no digit string overflows it on PostgreSQL). */
const numericTaskKey = (engine: Engine) =>
  engine === "postgres"
    ? sql`CASE WHEN ${samples.taskKey} ~ '^[0-9]+$' THEN CAST(${samples.taskKey} AS numeric) END`
    : sql`CASE WHEN ${samples.taskKey} != '' AND ${samples.taskKey} NOT GLOB '*[^0-9]*' THEN CAST(${samples.taskKey} AS INTEGER) END`;

/** A stored per-sample metric to sort by: SQLite's json_extract; PostgreSQL's value as jsonb (numbers compare as numbers), JSON null as NULL. */
function metricSortColumn(engine: Engine, name: string): SQL {
  return engine === "postgres"
    ? sql`nullif((${samples.metrics} -> ${name}::text)::jsonb, 'null'::jsonb)`
    : sql`json_extract(${samples.metrics}, ${`$.${name}`})`;
}

/** Each sort key's SQL; NULL (no FCR, no tier) sorts first ascending, as SQLite does (orderOf says so on both engines). */
function sortColumns(engine: Engine, key: SampleSortKey, setting: string): SQL[] {
  if (key.startsWith("metric.")) return [metricSortColumn(engine, key.slice("metric.".length))];
  const field = key as SampleFieldSortKey;
  switch (field) {
    case "task": {
      const numeric = numericTaskKey(engine);
      return [sql`${numeric} IS NULL`, numeric, sql`${samples.taskKey}`, sql`${samples.run}`];
    }
    case "question":
      return [sql`${submissionTasks.question}`];
    case "prediction":
      return [sql`${samples.prediction}`];
    case "verdict":
      return [sql`${samples.correct}`];
    case "status":
      return [sql`${samples.status}`];
    case "tier":
      // The tiers' own order, not the alphabet's.
      return [
        sql`CASE ${samples.tier} WHEN 'easy' THEN 1 WHEN 'medium' THEN 2 WHEN 'hard' THEN 3 END`,
      ];
    case "category":
      return [sql`${samples.category}`];
    case "fcr":
      return [sql`${factFigureSql.fcr}`];
    case "calls":
      return [sql`${samples.toolCalls}`];
    case "hitrate":
      return [sql`${factFigureSql.hitRate}`];
    case "facts":
      return [sql`${factFigureSql.factsCovered}`];
    case "flags":
      // How many automatic hints apply, plus how many tags the maintainers gave.
      return [
        sql`${sql.join(
          HINT_IDS.map(
            (hint) => sql`(CASE WHEN ${hintCondition(engine, hint, setting)} THEN 1 ELSE 0 END)`,
          ),
          sql` + `,
        )} + (SELECT count(*) FROM ${sampleTags} WHERE ${sampleTags.sampleId} = ${samples.id})`,
      ];
    default:
      return assertNever(field);
  }
}

/** The list's order: the sort (NULLs first ascending, last descending, on both engines), then sample order, so every order is total and paging is stable. */
function orderOf(engine: Engine, sort: SampleSort | null, setting: string): SQL[] {
  if (!sort) return [asc(samples.id)];
  return [
    ...sortColumns(engine, sort.key, setting).map((c) =>
      sort.descending ? descNullsLast(c) : ascNullsFirst(c),
    ),
    asc(samples.id),
  ];
}

export async function listSamples(
  db: Db,
  submissionId: number,
  filters: SampleFilters,
): Promise<SampleList> {
  const scope = await submissionScope(db, submissionId);
  const query = parseFilter(filters.f);
  if (!query.ok) return { rows: [], total: 0, queryError: query.error };
  const engine = engineOf(db);
  const where = whereOf(engine, submissionId, scope, filters, query.clauses);
  const total =
    (
      await first(
        db
          .select({ n: count() })
          .from(samples)
          .innerJoin(tasks, eq(tasks.id, samples.taskId))
          .leftJoin(submissionTasks, OWN_TEXT)
          .leftJoin(sampleFacts, factsOfSample)
          .where(where),
      )
    )?.n ?? 0;
  const found = await db
    .select({
      id: samples.id,
      taskKey: samples.taskKey,
      run: samples.run,
      question: submissionTasks.question,
      prediction: samples.prediction,
      goldAnswer: submissionTasks.goldAnswer,
      correct: samples.correct,
      status: samples.status,
      tier: samples.tier,
      category: samples.category,
      fcr: factFigureSql.fcr,
      hitRate: factFigureSql.hitRate,
      toolCalls: samples.toolCalls,
      factCount: factFigureSql.factCount,
      factsCovered: factFigureSql.factsCovered,
      malformedSteps: samples.malformedSteps,
      metrics: samples.metrics,
      compoundRate: factFigureSql.compoundRate,
      actualTurns: samples.actualTurns,
      maxTurns: samples.maxTurns,
    })
    .from(samples)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .leftJoin(submissionTasks, OWN_TEXT)
    .leftJoin(sampleFacts, factsOfSample)
    .where(where)
    .orderBy(...orderOf(engine, filters.sort, scope.setting))
    .limit(SAMPLE_PAGE_SIZE)
    .offset((filters.page - 1) * SAMPLE_PAGE_SIZE);
  const tags = await tagsOfSamples(
    db,
    found.map((r) => r.id),
  );
  const rows = found.map(({ compoundRate, actualTurns, maxTurns, ...row }) => ({
    ...row,
    hints: sampleHints({ ...row, compoundRate, actualTurns, maxTurns, setting: scope.setting }),
    tags: tags.get(row.id) ?? [],
  }));
  return { rows, total, queryError: null };
}

/** The ids of a submission's samples a filter-language query selects, in sample order (a rubric job's scope). */
export async function filteredSampleIds(
  db: Db,
  submissionId: number,
  f: string,
): Promise<{ ids: number[]; error: FilterError | null }> {
  const scope = await submissionScope(db, submissionId);
  const query = parseFilter(f);
  if (!query.ok) return { ids: [], error: query.error };
  const engine = engineOf(db);
  const rows = await db
    .select({ id: samples.id })
    .from(samples)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .leftJoin(submissionTasks, OWN_TEXT)
    .leftJoin(sampleFacts, factsOfSample)
    .where(whereOf(engine, submissionId, scope, { ...DEFAULT_SAMPLE_FILTERS, f }, query.clauses))
    .orderBy(asc(samples.id));
  return { ids: rows.map((r) => r.id), error: null };
}

/** Where one sample stands in a filtered, sorted list: "3 of 17" and its neighbours there. */
export interface ListPosition {
  /** 1-based. */
  index: number;
  total: number;
  previous: SampleRef | null;
  next: SampleRef | null;
}

/**
 * The sample's place in the list the filters select, or null when it is not in it (a
 * re-evaluation may have moved it out) or the query does not parse. Reads the list's
 * ids only: a submission has at most a few thousand samples.
 */
export async function sampleListPosition(
  db: Db,
  submissionId: number,
  filters: SampleFilters,
  sampleId: number,
): Promise<ListPosition | null> {
  const scope = await submissionScope(db, submissionId);
  const query = parseFilter(filters.f);
  if (!query.ok) return null;
  const engine = engineOf(db);
  const list = await db
    .select({ id: samples.id, taskKey: samples.taskKey, run: samples.run })
    .from(samples)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .leftJoin(submissionTasks, OWN_TEXT)
    .leftJoin(sampleFacts, factsOfSample)
    .where(whereOf(engine, submissionId, scope, filters, query.clauses))
    .orderBy(...orderOf(engine, filters.sort, scope.setting));
  const at = list.findIndex((row) => row.id === sampleId);
  if (at < 0) return null;
  const ref = (row: (typeof list)[number] | undefined): SampleRef | null =>
    row ? { taskKey: row.taskKey, run: row.run } : null;
  return {
    index: at + 1,
    total: list.length,
    previous: ref(list[at - 1]),
    next: ref(list[at + 1]),
  };
}

/** How many of the submission's samples carry each automatic hint. */
export async function hintCounts(db: Db, submissionId: number): Promise<Record<HintId, number>> {
  const scope = await submissionScope(db, submissionId);
  const engine = engineOf(db);
  const counts = {} as Record<HintId, number>;
  for (const hint of HINT_IDS) {
    counts[hint] =
      (
        await first(
          db
            .select({ n: count() })
            .from(samples)
            .leftJoin(sampleFacts, factsOfSample)
            .where(
              and(
                eq(samples.submissionId, submissionId),
                hintCondition(engine, hint, scope.setting),
              ),
            ),
        )
      )?.n ?? 0;
  }
  return counts;
}

/** The values the filter menus offer: statuses and categories present in the submission. */
export async function sampleFacets(
  db: Db,
  submissionId: number,
): Promise<{ statuses: string[]; categories: string[] }> {
  const statuses = await db
    .selectDistinct({ v: samples.status })
    .from(samples)
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.status));
  const categories = await db
    .selectDistinct({ v: samples.category })
    .from(samples)
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.category));
  return {
    statuses: statuses.map((r) => r.v),
    categories: categories.map((r) => r.v).filter((v): v is string => v !== null),
  };
}
