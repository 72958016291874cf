import "server-only";
/** EvoBrowseComp: the whole module, server side: its info plus importing, demo data, stored figures and judging. */
import type { BenchmarkModule } from "../types";
import { PREDICTION_GROUNDING } from "../../metrics/grounding";
import { evoBrowseCompInfo } from "./info";
import { evoBrowseCompFormat } from "./bundle-format";
import { evoBrowseCompExport } from "./export";
import { evoBrowseCompMetricsReport } from "./metrics-report";
import { evoBrowseCompDemo } from "./demo";
import { evoBrowseCompImporter } from "./ingest";
import { judgedSampleUnjudged, withJudgedVerdict } from "../judged-sample";
import { evoBrowseCompJudge } from "./judge";
import { evoAggregateRows, evoStoredSampleSchema } from "./stored";
import { evoBrowseCompTaskFile } from "./task-file";

export const evoBrowseCompModule = {
  ...evoBrowseCompInfo,
  demo: evoBrowseCompDemo,
  metricsReport: evoBrowseCompMetricsReport,
  taskFile: evoBrowseCompTaskFile,
  seekboardFormat: evoBrowseCompFormat,
  bundleExport: evoBrowseCompExport,
  importer: evoBrowseCompImporter,
  storedSampleSchema: evoStoredSampleSchema,
  grounding: PREDICTION_GROUNDING,
  aggregate: { readsDetail: false, rows: evoAggregateRows },
  reeval: {
    withVerdict: withJudgedVerdict,
    rescore: "answer",
    goldTable: null,
    unjudged: judgedSampleUnjudged,
  },
  judge: evoBrowseCompJudge,
} as const satisfies BenchmarkModule<"evobrowsecomp">;
