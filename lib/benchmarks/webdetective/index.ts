import "server-only";
/** WebDetective: the whole module, server side: its info plus importing, demo data, stored figures and judging. */
import type { BenchmarkModule } from "../types";
import { PREDICTION_GROUNDING } from "../../metrics/grounding";
import { judgedSampleUnjudged } from "../judged-sample";
import { webDetectiveInfo } from "./info";
import { webDetectiveFormat } from "./bundle-format";
import { webDetectiveExport } from "./export";
import { webDetectiveMetricsReport } from "./metrics-report";
import { webDetectiveDemo } from "./demo";
import { webDetectiveImporter } from "./ingest";
import { browseCompJudge } from "../../judges/grader";
import {
  webDetectiveAggregateRows,
  webDetectiveStoredSampleSchema,
  webDetectiveWithVerdict,
} from "./stored";

export const webDetectiveModule = {
  ...webDetectiveInfo,
  demo: webDetectiveDemo,
  metricsReport: webDetectiveMetricsReport,
  seekboardFormat: webDetectiveFormat,
  bundleExport: webDetectiveExport,
  importer: webDetectiveImporter,
  storedSampleSchema: webDetectiveStoredSampleSchema,
  grounding: PREDICTION_GROUNDING,
  aggregate: { readsDetail: false, rows: webDetectiveAggregateRows },
  reeval: {
    withVerdict: webDetectiveWithVerdict,
    rescore: "answer",
    goldTable: null,
    unjudged: judgedSampleUnjudged,
  },
  // The paper prints no judge prompt of its own: answers are graded as the BrowseComp family's.
  judge: browseCompJudge,
} as const satisfies BenchmarkModule<"webdetective">;
