import "server-only";
/** InfoMosaic: the whole module, server side: its info plus importing, demo data, stored figures and judging. */
import type { BenchmarkModule } from "../types";
import { PREDICTION_GROUNDING } from "../../metrics/grounding";
import { infoMosaicInfo } from "./info";
import { infoMosaicMetricsReport } from "./metrics-report";
import { infoMosaicDemo } from "./demo";
import { infoMosaicImporter } from "./ingest";
import { infoMosaicJudge } from "./judge";
import {
  infoMosaicAggregateRows,
  infoMosaicStoredSampleSchema,
  infoMosaicWithVerdict,
} from "./stored";
import { infoMosaicTaskFile } from "./task-file";

export const infoMosaicModule = {
  ...infoMosaicInfo,
  demo: infoMosaicDemo,
  metricsReport: infoMosaicMetricsReport,
  taskFile: infoMosaicTaskFile,
  seekboardFormat: null,
  bundleExport: {
    unavailable:
      "InfoMosaic-Bench takes its own evaluation files ({domain}_eval.jsonl), not the Seekboard bundle format, and the export does not write those files back",
  },
  importer: infoMosaicImporter,
  storedSampleSchema: infoMosaicStoredSampleSchema,
  grounding: PREDICTION_GROUNDING,
  // The tool-use plots read each trajectory's messages from the detail.
  aggregate: { readsDetail: true, rows: infoMosaicAggregateRows },
  // Every InfoMosaic record carries its score.
  reeval: {
    withVerdict: infoMosaicWithVerdict,
    rescore: "answer",
    goldTable: null,
    unjudged: null,
  },
  judge: infoMosaicJudge,
} as const satisfies BenchmarkModule<"infomosaic">;
