import { MPW_SETTINGS } from "@/lib/benchmarks/mpw/manifest";
import type { AnalysisPageState } from "@/lib/benchmarks/mpw/analysis-page";

const field = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

/** A GET form: the analysis view lives entirely in the URL. */
export function AnalysisControls({
  state,
  models,
  selected,
}: {
  state: AnalysisPageState;
  models: string[];
  selected: string[];
}) {
  return (
    <form
      method="get"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="analysis-controls"
    >
      <fieldset>
        <legend className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Models
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {models.map((model) => (
            <label key={model} className="flex items-center gap-1">
              <input
                type="checkbox"
                name="models"
                value={model}
                defaultChecked={selected.includes(model)}
              />
              {model}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="text-xs font-medium uppercase tracking-wide text-slate-500">
            Pool for FCR vs Pass@1
          </legend>
          <div className="mt-1 flex gap-3">
            {MPW_SETTINGS.filter((s) => s !== "A").map((setting) => (
              <label key={setting} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  name="pool"
                  value={setting}
                  defaultChecked={state.pool.includes(setting)}
                />
                {setting}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col text-xs text-slate-500">
          Bins
          <input
            name="bins"
            type="number"
            min={1}
            max={100}
            defaultValue={state.bins}
            className={`${field} w-20`}
          />
        </label>
        <label className="flex flex-col text-xs text-slate-500">
          Cohort setting
          <select name="cohortSetting" defaultValue={state.cohortSetting} className={field}>
            {MPW_SETTINGS.filter((s) => s !== "A").map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs text-slate-500">
          k_cohort
          <input
            name="kCohort"
            type="number"
            min={1}
            max={128}
            defaultValue={state.kCohort}
            className={`${field} w-20`}
          />
        </label>
        <label className="flex flex-col text-xs text-slate-500">
          n(k) threshold
          <input
            name="nThreshold"
            type="number"
            min={0}
            defaultValue={state.nThreshold}
            className={`${field} w-24`}
          />
        </label>
        <label className="flex flex-col text-xs text-slate-500">
          k_trunc
          <input
            name="kTrunc"
            type="number"
            min={1}
            max={128}
            defaultValue={state.kTrunc}
            className={`${field} w-20`}
          />
        </label>
        <button
          type="submit"
          className="rounded bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700"
        >
          Update plots
        </button>
      </div>
    </form>
  );
}
