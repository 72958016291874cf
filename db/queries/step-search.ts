import "server-only";
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../lib/auth/visibility";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import type { FilterClause } from "../../lib/filter/parse";
import { snippetOf, stepSearchText } from "../../lib/search/step-text";
import { parseStoredStep, type Step } from "../../lib/trajectory/steps";
import { engineOf, first, type Db } from "../client";
import { stepsMatching } from "../step-index";
import { factsOfSample } from "../sample-facts";
import { sampleFacts, samples, steps, submissions, submissionTasks, tasks } from "../schema";
import { clausesCondition, ownTaskText } from "./samples";

/** The submissions a viewer may see, as SQL (`canViewSubmission`, lib/auth/visibility.ts). */
function visibleTo(viewer: Viewer): SQL {
  const imported = ne(submissions.status, "importing");
  if (viewer.admin) return imported;
  const own =
    viewer.uploaderTokenId === null
      ? undefined
      : and(imported, eq(submissions.uploaderTokenId, viewer.uploaderTokenId));
  return or(eq(submissions.status, "approved"), own)!;
}

export interface StepSearchScope {
  benchmark: BenchmarkId;
  /** One benchmark version (`benchmark_version` as stored); null: every one. */
  version: string | null;
  /** A dataset: the versions `<dataset>` and `<dataset>@…` (QA's keys); null: every one. */
  dataset: string | null;
  /** These submissions only (of the benchmark); empty: every one the viewer may see. */
  submissionIds: number[];
}

export interface StepSearchHit {
  submissionId: number;
  /** The submission's model, for the search page. */
  model: string;
  /** The benchmark's own task id. */
  taskId: string;
  run: number;
  /** The step's 0-based place in the trajectory. */
  ordinal: number;
  kind: Step["kind"];
  /** The step's text around the first term found: untrusted text, never HTML. */
  snippet: string;
  /** For the link to the step: a tool call's index (`stepAnchor`). */
  callIndex: number | null;
}

export interface StepSearchResult {
  total: number;
  hits: StepSearchHit[];
}

export const SEARCH_PAGE_SIZE = 50;

/**
 * The steps in scope that one of the query's (non-negated) step terms finds, in runs for which
 * every clause holds, ordered by submission, task, run and step; a page of them and how many in
 * all. The caller has checked that the query has such a term.
 */
export async function searchSteps(
  db: Db,
  viewer: Viewer,
  scope: StepSearchScope,
  clauses: FilterClause[],
  page: number,
): Promise<StepSearchResult> {
  const engine = engineOf(db);
  const terms = clauses.flatMap((c) => (c.field === "step" && !c.negated ? [c] : []));
  if (terms.length === 0) throw new Error("searchSteps: the query has no step term");
  const inScope = and(
    eq(submissions.benchmarkId, scope.benchmark),
    visibleTo(viewer),
    scope.version === null ? undefined : eq(submissions.benchmarkVersion, scope.version),
    scope.dataset === null
      ? undefined
      : or(
          eq(submissions.benchmarkVersion, scope.dataset),
          sql`substr(${submissions.benchmarkVersion}, 1, ${scope.dataset.length + 1}) = ${`${scope.dataset}@`}`,
        ),
    scope.submissionIds.length ? inArray(submissions.id, scope.submissionIds) : undefined,
  );
  const settings = await db
    .selectDistinct({ setting: submissions.setting })
    .from(submissions)
    .where(inScope)
    .orderBy(asc(submissions.setting));
  if (settings.length === 0) return { total: 0, hits: [] };
  // A lone term is what the hits are found by: it need not be checked again per run.
  const runClauses = terms.length === 1 ? clauses.filter((c) => c !== terms[0]) : clauses;
  // The hints depend on a submission's setting: the runs' conditions are built per setting.
  const runsHold = or(
    ...settings.map(({ setting }) =>
      and(eq(submissions.setting, setting), clausesCondition(engine, runClauses, setting)),
    ),
  );
  const found = or(
    ...terms.map((term) => sql`${steps.id} IN (${stepsMatching(engine, term.part, term.value)})`),
  );
  const where = and(found, inScope, runsHold);
  const total =
    (
      await first(
        db
          .select({ n: count() })
          .from(steps)
          .innerJoin(samples, eq(samples.id, steps.sampleId))
          .innerJoin(submissions, eq(submissions.id, samples.submissionId))
          .innerJoin(tasks, eq(tasks.id, samples.taskId))
          .leftJoin(submissionTasks, ownTaskText)
          .leftJoin(sampleFacts, factsOfSample)
          .where(where),
      )
    )?.n ?? 0;
  const rows = await db
    .select({
      submissionId: samples.submissionId,
      model: submissions.model,
      taskKey: samples.taskKey,
      run: samples.run,
      ordinal: steps.ordinal,
      data: steps.data,
    })
    .from(steps)
    .innerJoin(samples, eq(samples.id, steps.sampleId))
    .innerJoin(submissions, eq(submissions.id, samples.submissionId))
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .leftJoin(submissionTasks, ownTaskText)
    .leftJoin(sampleFacts, factsOfSample)
    .where(where)
    .orderBy(asc(samples.submissionId), asc(samples.taskKey), asc(samples.run), asc(steps.ordinal))
    .limit(SEARCH_PAGE_SIZE)
    .offset((page - 1) * SEARCH_PAGE_SIZE);
  const words = terms.map((term) => term.value);
  return {
    total,
    hits: rows.map(({ data, taskKey, ...row }) => {
      const step = parseStoredStep(data);
      return {
        ...row,
        taskId: taskKey,
        kind: step.kind,
        snippet: snippetOf(stepSearchText(step), words),
        callIndex: step.kind === "tool_call" ? step.callIndex : null,
      };
    }),
  };
}
