/**
 * What every board shows of a row's standing (lib/standing): its coverage, its checks, its
 * cost and time, its reliability over runs, the divider above the rows that are not ranked,
 * the verified filter, the cost–accuracy plot, and the note saying how it is all decided.
 * Written once; each board's table places these cells.
 */
import { Badge } from "@/components/ui/Badge";
import { PillLinks } from "@/components/ui/PillLinks";
import { ciBracket, figure, percent, type FigureUnit, plural } from "@/lib/format";
import {
  BASIS_WORDS,
  type Check,
  type CoverageBasis,
  type StandingRules,
} from "@/lib/standing/rules";
import type { Standing } from "@/lib/standing/standing";
import type { Estimate } from "@/lib/standing/cost";
import { costPlot } from "@/lib/standing/cost-plot";
import { CostAccuracyPlot, type CostAccuracyPoint } from "./CostAccuracyPlot";

type Placed = { submissionId: number; model: string; setting: string; standing: Standing };

const NOT_REPORTED = <span className="whitespace-nowrap text-xs text-slate-500">not reported</span>;

/** Whether any row has a pass^k figure (a task with 2 or more runs). */
const hasReliability = (rows: readonly Placed[]) =>
  rows.some((row) => Object.keys(row.standing.reliability.passHat).length > 0);

/** In pairs (`pair`), each pair stacked in one table column so a board fits a laptop's width. */
const COST_COLUMNS = [
  {
    key: "tokensPerTask",
    label: "Tokens/task",
    title:
      "Prompt + completion tokens per task (mean over its runs), with a 95% bootstrap CI over tasks",
    unit: "tokens",
    pair: "Per task",
    short: "tokens",
  },
  {
    key: "secondsPerTask",
    label: "Time/task",
    title: "Wall-clock seconds per task (mean over its runs), with a 95% bootstrap CI over tasks",
    unit: "seconds",
    pair: "Per task",
    short: "time",
  },
  {
    key: "costUsdPerTask",
    label: "$/task",
    title: "Dollars per task (mean over its runs), with a 95% bootstrap CI over tasks",
    unit: "usd",
    pair: "Dollars",
    short: "/task",
  },
  {
    key: "costUsdPerCorrect",
    label: "$/correct",
    title: "Total dollars over correct runs, with a 95% bootstrap CI over tasks",
    unit: "usd",
    pair: "Dollars",
    short: "/correct",
  },
] as const;

type CostColumn = (typeof COST_COLUMNS)[number];

/** The reported cost columns, pairs stacked: a pair one row reports half of shows that half alone. */
function costStacks(rows: readonly Placed[]): CostColumn[][] {
  const stacks: CostColumn[][] = [];
  for (const c of reportedCostColumns(rows)) {
    const last = stacks.at(-1);
    if (last && last[0].pair === c.pair) last.push(c);
    else stacks.push([c]);
  }
  return stacks;
}

function EstimateFigure({ estimate, unit }: { estimate: Estimate | null; unit: FigureUnit }) {
  const interval = estimate
    ? ciBracket(estimate.value, estimate.ci?.lo, estimate.ci?.hi, unit)
    : null;
  return estimate ? (
    <>
      {figure(estimate.value, unit)}
      {interval ? (
        <span className="block whitespace-nowrap text-xs text-slate-500">{interval}</span>
      ) : null}
    </>
  ) : (
    NOT_REPORTED
  );
}

/** A pair of cost figures in one cell (or one alone), each line tagged when there are two. */
function CostCell({ stack, standing }: { stack: readonly CostColumn[]; standing: Standing }) {
  const reported = stack.some((c) => standing.cost[c.key] !== null);
  return (
    // relative: a dash's screen-reader words (sr-only, absolute) stay inside the scrolling table.
    <td
      className="relative px-1.5 py-2 text-right tabular-nums"
      data-reported={reported ? "true" : "false"}
    >
      {stack.length === 1 ? (
        <EstimateFigure estimate={standing.cost[stack[0].key]} unit={stack[0].unit} />
      ) : (
        stack.map((c) => (
          <span key={c.key} className="block whitespace-nowrap" data-cost={c.key}>
            <span className="mr-1 text-xs text-slate-500">{c.short}</span>
            {standing.cost[c.key] === null ? (
              // The header names the pair; a dash keeps the cell as narrow as its figures.
              <span className="text-slate-500" title="not reported">
                —<span className="sr-only"> not reported</span>
              </span>
            ) : (
              <EstimateFigure estimate={standing.cost[c.key]} unit={c.unit} />
            )}
          </span>
        ))
      )}
    </td>
  );
}

/**
 * The cost columns some row of the view reports: a column no row reports would only say "not
 * reported" down the table and push the rest out of view (StandingNote names them instead).
 */
export const reportedCostColumns = (rows: readonly Placed[]) =>
  COST_COLUMNS.filter((c) => rows.some((row) => row.standing.cost[c.key] !== null));

/** The cost columns no row of the view reports, by label. */
export const unreportedCostLabels = (rows: readonly Placed[]) =>
  COST_COLUMNS.filter((c) => !rows.some((row) => row.standing.cost[c.key] !== null)).map(
    (c) => c.label,
  );

/** Under a board's table: the columns left out because no row of the view reports them. */
export function HiddenColumns({ labels }: { labels: readonly string[] }) {
  return labels.length ? (
    <p
      className="mt-1 text-xs text-slate-500"
      data-testid="hidden-columns"
      data-columns={labels.join("|")}
    >
      Not reported by any submission here, so not shown: {labels.join(", ")}.
    </p>
  ) : null;
}

/** How many cells StandingHeaders adds. */
export const standingColumnCount = (rows: readonly Placed[]) =>
  1 + costStacks(rows).length + (hasReliability(rows) ? 1 : 0);

/** The standing's header cells, after the board's own columns. */
export function StandingHeaders({
  rows,
  className,
}: {
  rows: readonly Placed[];
  className: string;
}) {
  return (
    <>
      <th
        className={`${className} whitespace-nowrap text-right`}
        title="Tasks of this view the submission ran, of the view's task set"
      >
        Coverage
      </th>
      {costStacks(rows).map((stack) =>
        stack.length === 1 ? (
          <th
            key={stack[0].key}
            className={`${className} whitespace-nowrap text-right`}
            title={stack[0].title}
          >
            {stack[0].label}
          </th>
        ) : (
          <th
            key={stack[0].key}
            className={`${className} whitespace-nowrap text-right`}
            title={stack.map((c) => `${c.label}: ${c.title}`).join("\n")}
          >
            <span className="block">{stack[0].pair}</span>
            {stack.map((c) => (
              <span key={c.key} className="block font-normal normal-case">
                {c.short}
              </span>
            ))}
          </th>
        ),
      )}
      {hasReliability(rows) ? (
        <th
          className={`${className} whitespace-nowrap text-right`}
          title="pass^k: all k runs of a task correct; Pass@k: at least one (both unbiased over its n runs); consistency: share of tasks whose runs all agree"
        >
          <span className="block">pass^k</span>
          <span className="block font-normal normal-case">Pass@k</span>
        </th>
      ) : null}
    </>
  );
}

/** The standing's cells of one row, matching StandingHeaders. */
export function StandingCells({ row, rows }: { row: Placed; rows: readonly Placed[] }) {
  const { standing } = row;
  const { passHat, passAt, consistency } = standing.reliability;
  return (
    <>
      <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums" data-testid="coverage">
        {standing.tasksCovered} / {standing.tasksTotal}
      </td>
      {costStacks(rows).map((stack) => (
        <CostCell key={stack[0].key} stack={stack} standing={standing} />
      ))}
      {hasReliability(rows) ? (
        <td className="px-1.5 py-2 text-right tabular-nums" data-testid="pass-hat">
          {Object.keys(passHat).length ? (
            <>
              {Object.entries(passHat).map(([k, value]) => (
                <span key={k} className="block whitespace-nowrap" data-k={k}>
                  pass^{k} {percent(value)}
                  <span className="block text-xs text-slate-500">
                    Pass@{k} {percent(passAt[k])}
                  </span>
                </span>
              ))}
              {consistency !== null ? (
                <span className="block whitespace-nowrap text-xs text-slate-500">
                  consistent {percent(consistency, 0)}
                </span>
              ) : null}
            </>
          ) : (
            <span className="text-xs text-slate-500">1 run</span>
          )}
        </td>
      ) : null}
    </>
  );
}

/** Verified, or the rules a submission fails with what was found (a disclosure). */
export function ChecksBadge({ verified, checks }: { verified: boolean; checks: readonly Check[] }) {
  const failed = checks.filter((c) => !c.ok);
  return verified ? (
    <span data-testid="verified-badge">
      <Badge tone="green" title={checks.map((c) => c.detail).join("; ")}>
        ✓ verified
      </Badge>
    </span>
  ) : (
    <details
      className="text-xs"
      data-testid="failed-checks"
      data-rules={failed.map((c) => c.rule).join(" ")}
    >
      <summary className="cursor-pointer text-rose-800">
        {plural(failed.length, "rule")} failed
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-4 text-slate-600">
        {failed.map((c) => (
          <li key={c.rule}>
            <span className="font-medium">{c.rule}</span>: {c.detail}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Under the model's name: verified or the rules it fails, preliminary, partial. */
export function StandingBadges({ standing }: { standing: Standing }) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1" data-testid="standing-badges">
      {standing.ranked ? null : (
        <span data-testid="partial">
          <Badge tone="amber" title="Not ranked: it misses tasks of this view">
            partial ({standing.tasksCovered} / {standing.tasksTotal} tasks)
          </Badge>
        </span>
      )}
      {standing.preliminary ? (
        <span data-testid="preliminary">
          <Badge tone="slate" title="Fewer tasks than this benchmark's minimum for a stable figure">
            preliminary
          </Badge>
        </span>
      ) : null}
      <ChecksBadge verified={standing.verified} checks={standing.checks} />
    </span>
  );
}

/** A row's "#": its rank, or a dash when it is not ranked. */
export function rankLabel(standing: Standing): string {
  return standing.rank === null ? "—" : String(standing.rank);
}

/** Above the first row that is not ranked. */
export function UnrankedDivider({ colSpan }: { colSpan: number }) {
  return (
    <tr className="bg-amber-50/60" data-testid="unranked-divider">
      <td colSpan={colSpan} className="px-2 py-1.5 text-xs font-medium text-amber-900">
        Not ranked — these submissions miss tasks of this view; their figures are over the tasks
        they ran.
      </td>
    </tr>
  );
}

/** Whether `rows[i]` is the first row that is not ranked. */
export const firstUnranked = (rows: readonly { standing: Standing }[], i: number) =>
  !rows[i].standing.ranked && (i === 0 || rows[i - 1].standing.ranked);

/** "All rows · Verified only". */
export function VerifiedFilter({
  verified,
  href,
}: {
  verified: boolean;
  href: (verified: boolean) => string;
}) {
  return (
    <PillLinks
      label="Rows"
      testId="verified-filter"
      links={[
        { label: "All", href: href(false), active: !verified },
        { label: "Verified only", href: href(true), active: verified },
      ]}
    />
  );
}

/** The table's place when the verified filter leaves no row: never an empty table. */
export function NoVerifiedRows({ allHref }: { allHref: string }) {
  return (
    <p
      className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600"
      data-testid="leaderboard-empty"
    >
      No submission in this view passes every rule yet.{" "}
      <a href={allHref} className="text-indigo-700 hover:underline">
        Show all rows
      </a>
      .
    </p>
  );
}

/** How ranks, coverage and checks are decided, under the table. */
export function StandingNote({
  basis,
  rules,
  ciOver,
}: {
  basis: CoverageBasis | null;
  rules: StandingRules;
  ciOver: string;
}) {
  return (
    <p className="text-xs text-slate-500" data-testid="standing-note">
      &quot;#&quot; is 1 + the number of ranked rows significantly better on the primary metric
      (seeded paired bootstrap over the shared tasks, 95%): rows no row beats share rank 1; by
      default rows are listed by rank, then by the primary metric, and re-sorting never renumbers
      them. Only a row covering every task of the view is ranked
      {basis ? `; coverage is measured against ${BASIS_WORDS[basis]}` : ""}. Fewer than{" "}
      {rules.minTasks} tasks: preliminary. One row per team, model, agent and setting: its latest
      submission; earlier ones are listed under it, not ranked. Verified, over the view&apos;s
      tasks: every one of them, {plural(rules.protocolRuns, "run")} per task
      {rules.toolCallLimit
        ? `, at most ${rules.toolCallLimit.calls} tool calls a run (${rules.toolCallLimit.source})`
        : ""}
      {rules.judgeDeclared ? ", the judge model declared" : ""}, trajectories for at least{" "}
      {percent(rules.trajectoryShare, 0)} of samples. Cost and time are shown only when every run
      reports them, with 95% bootstrap CIs over {ciOver}.
    </p>
  );
}

/** The view's primary metric of a row, for the plot's y axis. */
export interface PrimaryFigure {
  value: number | null;
  lo: number | null;
  hi: number | null;
}

/**
 * The cost–accuracy plot of a view (`costPlot`): the cost measure most rows report, and
 * notes saying which rows are left out or kept off the frontier, and why.
 */
export function CostAccuracySection<Row extends Placed>({
  rows,
  primary,
  metric,
}: {
  rows: readonly Row[];
  primary: (row: Row) => PrimaryFigure;
  metric: string;
}) {
  const plot = costPlot(rows, (row) => primary(row).value);
  const points: CostAccuracyPoint[] = plot.points.map(({ row, x, y, frontier }) => ({
    submissionId: row.submissionId,
    model: row.model,
    setting: row.setting,
    href: `/s/${row.submissionId}`,
    x: x.value,
    xLo: x.ci?.lo ?? null,
    xHi: x.ci?.hi ?? null,
    y,
    yLo: primary(row).lo,
    yHi: primary(row).hi,
    rankable: frontier,
  }));
  return (
    <section className="space-y-2" aria-labelledby="cost-accuracy-heading">
      <h2 id="cost-accuracy-heading" className="text-lg font-semibold text-slate-900">
        Cost and accuracy
      </h2>
      <CostAccuracyPlot
        points={points}
        xLabel={plot.axis.label}
        yLabel={metric}
        notes={plot.notes}
        xFormat={plot.axis.format}
      />
    </section>
  );
}
