import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { ReliabilityChart } from "@/components/charts/ReliabilityChart";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import { percent } from "@/lib/format";
import {
  DEFAULT_CALIBRATION_BINS,
  FEW_SAMPLES_PER_BIN,
  tooFewSamples,
} from "@/lib/benchmarks/qa/calibration";
import type { QaReport } from "@/lib/benchmarks/qa/metrics";

/** Lowest to highest stated confidence: the bins are in order of confidence. */
function confidenceRange(bins: QaReport["calibration"]["bins"]): string {
  return bins.length
    ? `${percent(bins[0].minConfidence, 0)}–${percent(bins[bins.length - 1].maxConfidence, 0)}`
    : "—";
}

/** Calibration of the stated confidence: the reliability diagram of each submission and its calibration error. */
export function QaCalibrationPlots({ rows }: { rows: ReportBoardRow<QaReport>[] }) {
  const binSize = rows[0]?.report.calibration.binSize ?? null;
  const few = rows.filter(
    (row) => row.report.calibration.n > 0 && tooFewSamples(row.report.calibration),
  );
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold">Calibration: accuracy against stated confidence</h2>
      <p className="text-xs text-slate-500">
        Samples sorted by stated confidence (else the judge&apos;s) and cut into{" "}
        {binSize === null
          ? `${DEFAULT_CALIBRATION_BINS} bins of equal count (fewer with fewer samples)`
          : `bins of ${binSize} (the last takes the remainder)`}
        ; each point is a bin&apos;s mean confidence and accuracy. Points below the diagonal:
        overconfident. The calibration error is the bins&apos; root-mean-square gap, weighted by
        size.
      </p>
      {few.length ? (
        <p className="mt-1 text-xs text-amber-900" data-testid="calibration-few-samples">
          Too few samples to read calibration closely: {few.map((row) => row.model).join(", ")}{" "}
          {few.length === 1 ? "has" : "have"} bins of fewer than {FEW_SAMPLES_PER_BIN} samples, so
          each bin&apos;s accuracy, and the error, rest on a handful of answers.
        </p>
      ) : null}
      <ReliabilityChart
        series={rows.map((row) => ({
          label: row.model,
          points: row.report.calibration.bins.map((bin) => ({
            confidence: bin.meanConfidence,
            accuracy: bin.accuracy,
            n: bin.n,
          })),
        }))}
      />
      <ScrollRegion label="Calibration bins" className="mt-3">
        <table
          className="min-w-full text-xs"
          data-testid="calibration-table"
          data-points={rows.length}
        >
          <thead className="text-left text-slate-500">
            <tr>
              <th className="px-2 py-1">Model</th>
              <th className="px-2 py-1 text-right">Calib. error</th>
              <th className="px-2 py-1 text-right">Samples with a confidence</th>
              <th className="px-2 py-1 text-right">Confidence range</th>
              <th className="px-2 py-1 text-right">Bins</th>
              <th className="px-2 py-1 text-right">Accuracy</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(({ submissionId, model, report }) => (
              <tr key={submissionId}>
                <td className="px-2 py-1 font-medium">{model}</td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {percent(report.calibration.error)}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {report.calibration.n} of {report.samples}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {confidenceRange(report.calibration.bins)}
                </td>
                <td
                  className="px-2 py-1 text-right tabular-nums"
                  data-testid="calibration-bins"
                  title={report.calibration.bins.map((bin) => bin.n).join(", ") + " samples"}
                >
                  {report.calibration.bins.length}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {percent(report.aggregate.accuracy)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
