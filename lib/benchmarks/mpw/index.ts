import "server-only";
/** MPW-Bench: the whole module, server side: its info plus importing, demo data, stored figures and judging. */
import type { BenchmarkModule } from "../types";
import { PREDICTION_GROUNDING } from "../../metrics/grounding";
import { mpwInfo } from "./info";
import { mpwMetricsReport } from "./metrics-report";
import { mpwDemo } from "./demo";
import { mpwImporter } from "./ingest";
import { mpwAggregateRows } from "./aggregate";
import { mpwJudge } from "./judge";
import { rescoreMpw } from "./reeval";
import { mpwTaskFile } from "./task-file";
import { COHORT_STATUSES, deltaFacts, fcrPassBins, truncatedCurves } from "./analysis";
import { MPW_UNJUDGED_SOURCE, tierFromFactCount } from "./metrics";

export const mpwModule = {
  ...mpwInfo,
  demo: mpwDemo,
  metricsReport: mpwMetricsReport,
  taskFile: mpwTaskFile,
  taskTier: tierFromFactCount,
  seekboardFormat: null,
  bundleExport: {
    unavailable:
      "MPW-Bench takes its own result records (a tasks file, judge fields and per-call hit logs), not the Seekboard bundle format, and the export does not write those records back",
  },
  importer: mpwImporter,
  storedSampleSchema: null,
  grounding: PREDICTION_GROUNDING,
  aggregate: { readsDetail: false, rows: mpwAggregateRows },
  // The verdict is the `correct` column; re-scoring re-reads the hit log (FCR, HitRate), not the verdict.
  reeval: {
    withVerdict: null,
    rescore: {
      run: rescoreMpw,
      note: "Re-reads the hit log against the task's atomic facts (FCR, HitRate, compound rate). The verdict stays the judge's.",
    },
    goldTable: null,
    unjudged: (state) => state.verdictSource === MPW_UNJUDGED_SOURCE,
  },
  factPlots: {
    cohortStatuses: COHORT_STATUSES,
    fcrPass: fcrPassBins,
    deltaFacts,
    truncated: truncatedCurves,
  },
  judge: mpwJudge,
} as const satisfies BenchmarkModule<"mpw">;
