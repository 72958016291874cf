/** The InfoMosaic leaderboard: accuracy (score 2), testcase pass rate, accuracy per domain; filtered by setting. */
import { groundedColumn, groundedFigures, type StoredGrounding } from "../grounding";
import { count, rate, verbatim, type BoardFigures, type Board } from "../board";
import type { Interval } from "../../metrics/bootstrap";
import { INFOMOSAIC_DOMAINS } from "./formats";
import { infoMosaicReportSchema, type InfoMosaicStoredReport } from "./report";

const DOMAIN_LABELS = {
  map: "Map",
  bio: "Bio",
  financial: "Financial",
  web: "Web",
  video: "Video",
  multidomain: "Multi",
} as const;

function infoMosaicFigures(r: InfoMosaicStoredReport & StoredGrounding): BoardFigures {
  const values: Record<string, number | null> = {
    accuracy: r.aggregate.accuracy,
    passRate: r.aggregate.passRate,
    n: r.aggregate.n,
    ...groundedFigures(r).values,
  };
  const cis: Record<string, Interval | null> = {
    accuracy: r.overall.accuracyCi,
    passRate: r.overall.passRateCi,
    ...groundedFigures(r).cis,
  };
  for (const domain of INFOMOSAIC_DOMAINS) {
    const stats = r.byDomain[domain];
    if (!stats) continue;
    values[`acc:${domain}`] = stats.accuracy;
    cis[`acc:${domain}`] = stats.accuracyCi;
  }
  return { values, cis };
}

export const infoMosaicBoard = {
  columns: [
    rate(
      "accuracy",
      "Accuracy",
      "Share of samples scored 2 (exactly correct); score 1 is not counted",
    ),
    rate("passRate", "Pass rate", "Mean testcase pass rate over samples where it is computable"),
    groundedColumn,
    ...INFOMOSAIC_DOMAINS.map((d) =>
      rate(
        `acc:${d}`,
        DOMAIN_LABELS[d],
        d === "multidomain" ? "Accuracy, multi-domain" : `Accuracy, ${d} domain`,
      ),
    ),
    count("n", "N", "Samples"),
  ],
  primary: "accuracy",
  ciOver: "samples",
  views: [{ picks: "setting", param: "setting", values: null, default: "all" }],
  reportSchema: infoMosaicReportSchema,
  figures: infoMosaicFigures,
  versionLabel: verbatim,
} as const satisfies Board<InfoMosaicStoredReport & StoredGrounding>;
