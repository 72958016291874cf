/** The EvoBrowseComp leaderboard: one board per benchmark version, accuracy per language × setting. */
import { count, rate, verbatim, type BoardFigures, type ReportBoard } from "../board";
import type { EvoReport } from "./metrics";
import { evoReportSchema } from "./report";

function evoFigures(r: EvoReport): BoardFigures {
  const cell = (language: string, setting: string) => r.cells.find((c) => c.language === language && c.setting === setting);
  const en = cell("en", "tool-based");
  const zh = cell("zh", "tool-based");
  const enFree = cell("en", "tool-free");
  const zhFree = cell("zh", "tool-free");
  return {
    values: {
      accuracy: r.aggregate.accuracy,
      enToolBased: en?.accuracy ?? null,
      zhToolBased: zh?.accuracy ?? null,
      enToolFree: enFree?.accuracy ?? null,
      zhToolFree: zhFree?.accuracy ?? null,
      exceedRatio: r.aggregate.exceedRatio,
      calibrationError: r.calibration.error,
      n: r.aggregate.n,
      runs: r.aggregate.runs,
    },
    cis: {
      accuracy: r.overall.accuracyCi,
      enToolBased: en?.accuracyCi ?? null,
      zhToolBased: zh?.accuracyCi ?? null,
      enToolFree: enFree?.accuracyCi ?? null,
      zhToolFree: zhFree?.accuracyCi ?? null,
      exceedRatio: r.overall.exceedRatioCi,
    },
  };
}

export const evoBrowseCompBoard = {
  format: "report",
  columns: [
    rate("accuracy", "Accuracy", "Mean over runs of each run's accuracy, all languages and settings"),
    rate("enToolBased", "EN tools", "English, tool-based: mean over runs"),
    rate("zhToolBased", "ZH tools", "Chinese, tool-based: mean over runs"),
    rate("enToolFree", "EN no tools", "English, tool-free: mean over runs"),
    rate("zhToolFree", "ZH no tools", "Chinese, tool-free: mean over runs"),
    rate("exceedRatio", "Exceed ratio", "Share of tool-based samples whose tool calls reached the limit"),
    rate("calibrationError", "Calib. error", "Calibration error of the stated confidence"),
    count("n", "Tasks", "Distinct tasks"),
    count("runs", "Runs", "Distinct runs"),
  ],
  primary: "accuracy",
  lowerIsBetter: ["calibrationError", "exceedRatio"],
  ciOver: "tasks",
  leaderExcludesSettings: [],
  versionParam: "version",
  settingFilter: false,
  reportSchema: evoReportSchema,
  figures: evoFigures,
  versionLabel: verbatim,
} as const satisfies ReportBoard<EvoReport>;
