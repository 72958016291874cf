/** MPW-Bench's analysis page (Figures 2 and 3): its URL state, read from the search params. */
import { analysisOptionsSchema, type AnalysisOptions } from "../../url/analysis";
import { first, oneOf, type RawSearchParams } from "../../url/search-params";
import { MPW_SETTINGS, type MpwSetting } from "./manifest";

/** The analysis page's view state: which models, pooled settings, cohort setting and options. */
export interface AnalysisPageState extends AnalysisOptions {
  models: string[];
  /** Settings pooled into the FCR-vs-Pass@1 curve. */
  pool: MpwSetting[];
  /** Setting whose submissions the Δfacts(k) and FCR(k) plots use. */
  cohortSetting: MpwSetting;
}

const DEFAULT_POOL: MpwSetting[] = ["B-guidance", "B-fewshot", "C"];

export function parseAnalysisPageState(params: RawSearchParams): AnalysisPageState {
  const options = analysisOptionsSchema.safeParse({
    bins: first(params, "bins"),
    kCohort: first(params, "kCohort"),
    nThreshold: first(params, "nThreshold"),
    kTrunc: first(params, "kTrunc"),
  });
  // Accepts both `models=a,b` and the repeated `models=a&models=b` a form submits.
  const listOf = (key: string) =>
    [params[key] ?? []]
      .flat()
      .flatMap((value) => value.split(","))
      .map((s) => s.trim())
      .filter(Boolean);
  const pool = listOf("pool").filter((s): s is MpwSetting =>
    (MPW_SETTINGS as readonly string[]).includes(s),
  );
  return {
    ...(options.success ? options.data : analysisOptionsSchema.parse({})),
    models: listOf("models").slice(0, 12),
    pool: pool.length ? pool : DEFAULT_POOL,
    cohortSetting: oneOf(first(params, "cohortSetting"), MPW_SETTINGS, "C"),
  };
}
