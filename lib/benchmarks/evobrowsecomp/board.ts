/** The EvoBrowseComp leaderboard: one board per benchmark version, accuracy per language × setting. */
import { groundedColumn, groundedFigures, type StoredGrounding } from "../grounding";
import { EVO_LANGUAGES, EVO_SETTINGS } from "./bundle-format";
import { count, grouped, rate, verbatim, type BoardFigures, type Board } from "../board";
import type { EvoReport } from "./metrics";
import { evoReportSchema } from "./report";

const LANGUAGE_NAMES = { en: "English", zh: "Chinese" } as const;
const SETTING_KEYS = {
  "tool-based": ["ToolBased", "tools"],
  "tool-free": ["ToolFree", "no tools"],
} as const;

/** One column per setting × language ("enToolBased", "EN tools"), settings first as the paper's table. */
const CELL_COLUMNS = EVO_SETTINGS.flatMap((setting) =>
  EVO_LANGUAGES.map((language) => ({
    language,
    setting,
    // Stacked per setting (its languages on two lines), so the board fits a laptop's width.
    column: grouped(
      rate(
        `${language}${SETTING_KEYS[setting][0]}`,
        `${language.toUpperCase()} ${SETTING_KEYS[setting][1]}`,
        `${LANGUAGE_NAMES[language]}, ${setting}: mean over runs`,
      ),
      SETTING_KEYS[setting][1],
      language.toUpperCase(),
    ),
  })),
);

const SEARCH_AND_CALIBRATION = "Search and calibration";

function evoFigures(r: EvoReport & StoredGrounding): BoardFigures {
  const values: BoardFigures["values"] = {
    accuracy: r.aggregate.accuracy,
    exceedRatio: r.aggregate.exceedRatio,
    calibrationError: r.calibration.error,
    n: r.aggregate.n,
    runs: r.aggregate.runs,
    ...groundedFigures(r).values,
  };
  const cis: BoardFigures["cis"] = {
    accuracy: r.overall.accuracyCi,
    exceedRatio: r.overall.exceedRatioCi,
    ...groundedFigures(r).cis,
  };
  for (const { language, setting, column } of CELL_COLUMNS) {
    const cell = r.cells.find((c) => c.language === language && c.setting === setting);
    values[column.key] = cell?.accuracy ?? null;
    cis[column.key] = cell?.accuracyCi ?? null;
  }
  return { values, cis, unjudged: r.unjudged };
}

export const evoBrowseCompBoard = {
  columns: [
    rate(
      "accuracy",
      "Accuracy",
      "Mean over runs of each run's accuracy, all languages and settings",
    ),
    ...CELL_COLUMNS.map((c) => c.column),
    // Stacked, as the cells are, so the board still fits a laptop's width.
    grouped(groundedColumn, SEARCH_AND_CALIBRATION, "grounded"),
    grouped(
      rate(
        "exceedRatio",
        "Exceed ratio",
        "Share of tool-based samples whose tool calls reached the limit",
      ),
      SEARCH_AND_CALIBRATION,
      "exceed",
    ),
    grouped(
      rate("calibrationError", "Calib. error", "Calibration error of the stated confidence"),
      SEARCH_AND_CALIBRATION,
      "calib.",
    ),
    grouped(count("n", "Tasks", "Distinct tasks"), "Size", "tasks"),
    grouped(count("runs", "Runs", "Distinct runs"), "Size", "runs"),
  ],
  primary: "accuracy",
  lowerIsBetter: ["calibrationError", "exceedRatio"],
  ciOver: "tasks",
  views: [{ picks: "version", param: "version", order: "newest-version" }],
  reportSchema: evoReportSchema,
  figures: evoFigures,
  versionLabel: verbatim,
} as const satisfies Board<EvoReport & StoredGrounding>;
