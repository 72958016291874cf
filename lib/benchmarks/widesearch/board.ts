/**
 * The WideSearch leaderboard: its stored aggregate has one split per language (`lang`);
 * the columns are the stored aggregate's keys.
 */
import {
  count,
  grouped,
  number,
  rate,
  verbatim,
  type Board,
  type BoardColumn,
  type BoardRowFields,
} from "../board";
import {
  wideSearchStoredAggregateSchema,
  type WideSearchStoredAggregate,
} from "./stored-aggregate";

export const WIDESEARCH_LANGUAGES = ["all", "en", "zh"] as const;

const LANGUAGE_VIEWS = new Map<string, string>([
  ["all", "all languages"],
  ["en", "English tasks"],
  ["zh", "Chinese tasks"],
]);

/** The stored aggregate's figures: the board's columns. */
type FigureKey = {
  [K in keyof WideSearchStoredAggregate]: WideSearchStoredAggregate[K] extends number | null
    ? K
    : never;
}[keyof WideSearchStoredAggregate];

const UNIT_LABELS = { row: "Row", item: "Item" } as const;

const columns = [
  rate(
    "successAvg",
    "SR Avg@N",
    "Success rate: share of tables entirely right, mean over tasks of the mean over runs",
  ),
  rate("successPass", "SR Pass@N", "Share of tasks with at least one fully right run"),
  // Secondary figures stacked in pairs, so the board fits a laptop's width.
  grouped(
    rate("rowF1Avg", "Row F1 Avg@N", "Row-level F1, averaged over runs then tasks"),
    "Row F1",
    "Avg@N",
  ),
  grouped(
    rate("rowF1Max", "Row F1 Max@N", "Best run's row F1 per task, averaged over tasks"),
    "Row F1",
    "Max@N",
  ),
  grouped(
    rate("itemF1Avg", "Item F1 Avg@N", "Cell-level F1, averaged over runs then tasks"),
    "Item F1",
    "Avg@N",
  ),
  grouped(
    rate("itemF1Max", "Item F1 Max@N", "Best run's item F1 per task, averaged"),
    "Item F1",
    "Max@N",
  ),
  ...(["row", "item"] as const).flatMap((unit) =>
    (["Precision", "Recall"] as const).map((measure) =>
      grouped(
        rate(
          `${unit}${measure}Avg` as const,
          `${UNIT_LABELS[unit]} ${measure[0]}`,
          `${UNIT_LABELS[unit]} ${measure.toLowerCase()}, Avg@N`,
        ),
        UNIT_LABELS[unit],
        measure[0],
      ),
    ),
  ),
  grouped(
    number("searchCalls", "Search", "Mean search calls per run (when trajectories were submitted)"),
    "Calls/run",
    "search",
  ),
  grouped(number("browseCalls", "Browse", "Mean browse calls per run"), "Calls/run", "browse"),
  count("runs", "N", "Runs per task"),
] satisfies readonly BoardColumn<FigureKey>[];

export const wideSearchBoard = {
  columns,
  primary: "successAvg",
  ciOver: "tasks",
  // The upload answer's mean tool calls: WideSearch's search calls, as it published them.
  toolCallsFigure: "searchCalls",
  views: [
    {
      picks: "split",
      param: "lang",
      values: WIDESEARCH_LANGUAGES,
      // English by default: every published run covers the 100 English tasks only, and a view
      // ranks only the submissions that cover its whole task set (all languages: 200 tasks).
      default: "en",
      split: (lang: string) => ({
        key: lang === "all" ? "overall" : `lang:${lang}`,
        standing: lang === "all" ? null : { field: "language", value: lang },
        label: LANGUAGE_VIEWS.get(lang) ?? lang,
      }),
    },
  ],
  reportSchema: wideSearchStoredAggregateSchema,
  figures: (report: WideSearchStoredAggregate) => ({
    values: Object.fromEntries(columns.map((c) => [c.key, report[c.key]])),
    cis: { ...report.ci },
  }),
  versionLabel: verbatim,
  // The fields this board published before the boards were one: the aggregate as stored.
  apiRow: ({ report }: BoardRowFields<WideSearchStoredAggregate>) => {
    const { stats, scaling, runsPerTask, ci, ...figures } = report;
    return { ...figures, ci, runsPerTask, stats, scaling };
  },
} as const satisfies Board<WideSearchStoredAggregate>;
