import "server-only";
/** QA (BrowseComp-style): the whole module, server side: its info plus importing, demo data, stored figures and judging. */
import type { BenchmarkModule } from "../types";
import { PREDICTION_GROUNDING } from "../../metrics/grounding";
import { qaInfo } from "./info";
import { qaFormat } from "./bundle-format";
import { qaExport } from "./export";
import { qaMetricsReport } from "./metrics-report";
import { qaDemo } from "./demo";
import { qaImporter } from "./ingest";
import { browseCompJudge } from "../../judges/grader";
import { judgedSampleUnjudged, withJudgedVerdict } from "../judged-sample";
import { qaAggregateRows, qaStoredSampleSchema } from "./stored";

export const qaModule = {
  ...qaInfo,
  demo: qaDemo,
  metricsReport: qaMetricsReport,
  seekboardFormat: qaFormat,
  bundleExport: qaExport,
  importer: qaImporter,
  storedSampleSchema: qaStoredSampleSchema,
  grounding: PREDICTION_GROUNDING,
  aggregate: { readsDetail: false, rows: qaAggregateRows },
  reeval: {
    withVerdict: withJudgedVerdict,
    rescore: "answer",
    goldTable: null,
    unjudged: judgedSampleUnjudged,
  },
  judge: browseCompJudge,
} as const satisfies BenchmarkModule<"qa">;
