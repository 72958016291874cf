import "server-only";
/** WideSearch: the whole module, server side: its info plus importing, demo data, stored figures and judging. */
import type { BenchmarkModule } from "../types";
import { wideSearchInfo } from "./info";
import { wideSearchMetricsReport } from "./metrics-report";
import { wideSearchDemo } from "./demo";
import { wideSearchImporter } from "./ingest";
import { rescoreWideSearch, wideSearchGoldTable, wideSearchJudge } from "./judge";
import { wideSearchAggregateRows } from "./splits";
import { wideSearchSampleMetricsSchema } from "./stored";
import { wideSearchTaskFile } from "./task-file";

export const wideSearchModule = {
  ...wideSearchInfo,
  demo: wideSearchDemo,
  metricsReport: wideSearchMetricsReport,
  taskFile: wideSearchTaskFile,
  seekboardFormat: null,
  bundleExport: {
    unavailable:
      "WideSearch takes its own files (a tasks file, the agent's response tables or the per-run evaluations, the gold tables), not the Seekboard bundle format, and the export does not write those files back",
  },
  importer: wideSearchImporter,
  storedSampleSchema: wideSearchSampleMetricsSchema,
  // Its gold is a table, not one answer: grounding does not apply.
  grounding: null,
  aggregate: { readsDetail: false, rows: wideSearchAggregateRows },
  reeval: {
    withVerdict: (metrics, change) => ({ ...metrics, success: change.correct }),
    rescore: {
      run: rescoreWideSearch,
      note: "Re-scores the response table against the gold table with the rule metrics (llm_judge cells stay unscored).",
    },
    goldTable: wideSearchGoldTable,
    // Its table scorer scores every sample; unscored llm_judge cells are counted apart.
    unjudged: null,
  },
  judge: wideSearchJudge,
} as const satisfies BenchmarkModule<"widesearch">;
