/**
 * The WideSearch leaderboard: its stored aggregate has one split per language and is read
 * by its own query; the columns here are its sort keys (the stored aggregate's keys).
 */
import { count, number, rate, type BoardColumn, type OwnBoard } from "../board";
import { WIDESEARCH_LANGUAGES, type WideSearchSort } from "./url";

const UNIT_LABELS = { row: "Row", item: "Item" } as const;

export const wideSearchBoard = {
  format: "widesearch",
  columns: [
    rate(
      "successAvg",
      "SR Avg@N",
      "Success rate: share of tables entirely right, mean over tasks of the mean over runs",
    ),
    rate("successPass", "SR Pass@N", "Share of tasks with at least one fully right run"),
    rate("rowF1Avg", "Row F1 Avg@N", "Row-level F1, averaged over runs then tasks"),
    rate("rowF1Max", "Row F1 Max@N", "Best run's row F1 per task, averaged over tasks"),
    rate("itemF1Avg", "Item F1 Avg@N", "Cell-level F1, averaged over runs then tasks"),
    rate("itemF1Max", "Item F1 Max@N", "Best run's item F1 per task, averaged"),
    ...(["row", "item"] as const).flatMap((unit) =>
      (["Precision", "Recall"] as const).map((measure) =>
        rate(
          `${unit}${measure}Avg` as const,
          `${UNIT_LABELS[unit]} ${measure[0]}`,
          `${UNIT_LABELS[unit]} ${measure.toLowerCase()}, Avg@N`,
        ),
      ),
    ),
    number("searchCalls", "Search", "Mean search calls per run (when trajectories were submitted)"),
    number("browseCalls", "Browse", "Mean browse calls per run"),
    count("runs", "N", "Runs per task"),
  ] satisfies readonly BoardColumn<Exclude<WideSearchSort, "model">>[],
  primary: "successAvg",
  ciOver: "tasks",
  params: { lang: WIDESEARCH_LANGUAGES },
  diagnosticsParams: { lang: { values: WIDESEARCH_LANGUAGES } },
} as const satisfies OwnBoard<"widesearch">;
