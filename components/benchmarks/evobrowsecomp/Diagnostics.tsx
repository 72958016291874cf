import { EvoSettingChart, type EvoSettingDatum } from "@/components/charts/EvoSettingChart";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import type { EvoReport } from "@/lib/benchmarks/evobrowsecomp/metrics";

/** Tool-based vs tool-free accuracy per model and language, with the run spread. */
export function EvoPlots({ rows }: { rows: ReportBoardRow<EvoReport>[] }) {
  const data: EvoSettingDatum[] = [];
  let samples = 0;
  for (const row of rows) {
    const { report } = row;
    samples += report.samples;
    for (const language of ["en", "zh"] as const) {
      const cell = (setting: string) =>
        report.cells.find((c) => c.language === language && c.setting === setting);
      const tb = cell("tool-based");
      const tf = cell("tool-free");
      if (!tb?.samples && !tf?.samples) continue;
      data.push({
        label: `${row.model} · ${language}`,
        toolBased: tb?.accuracy ?? null,
        toolFree: tf?.accuracy ?? null,
        toolBasedSpread: tb && tb.min !== null && tb.max !== null ? [tb.min, tb.max] : null,
        toolFreeSpread: tf && tf.min !== null && tf.max !== null ? [tf.min, tf.max] : null,
      });
    }
  }
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold">Tool-based vs tool-free accuracy, per language</h2>
      <p className="text-xs text-slate-500">
        Mean over runs; whiskers span the lowest to the highest run. {rows.length} models, {samples}{" "}
        samples of this version.
      </p>
      <EvoSettingChart data={data} />
    </section>
  );
}
