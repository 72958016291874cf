import { z } from "zod";
import { Fact } from "@/components/trajectory/Fact";
import { SeekboardSample } from "@/components/trajectory/SeekboardSample";
import { Badge } from "@/components/ui/Badge";
import { percent } from "@/lib/format";
import {
  infoMosaicStoredSampleSchema,
  type InfoMosaicStoredSample,
} from "@/lib/benchmarks/infomosaic/stored";
import type { SampleViewProps } from "../pages";

/** The task's testcases as the importer stores them in `tasks.extra` (InfoMosaicTestcase). */
const testcasesSchema = z
  .array(z.object({ condition: z.string(), groundTruth: z.string().nullable() }))
  .default([]);

function Testcases({
  m,
  testcases,
}: {
  m: InfoMosaicStoredSample;
  testcases: z.infer<typeof testcasesSchema>;
}) {
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="testcases"
      data-points={testcases.length}
    >
      <h2 className="font-semibold">Testcases</h2>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        <Fact label="Score" testId="im-score">
          {m.score}{" "}
          {m.score === 2
            ? "(correct)"
            : m.score === 1
              ? "(approximately correct — not counted)"
              : "(wrong)"}
        </Fact>
        <Fact label="Pass rate">
          {m.passRate === null ? "not computable" : percent(m.passRate, 0)}
        </Fact>
        <Fact label="Domain">{m.domain}</Fact>
        <Fact label="Tool-call turns">{m.toolCallTurns}</Fact>
      </div>
      {testcases.length === 0 ? (
        <p className="mt-2 text-slate-500">This task has no testcases.</p>
      ) : (
        <table className="mt-2 min-w-full text-sm">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-3">#</th>
              <th className="py-1 pr-3">Condition</th>
              <th className="py-1 pr-3">Ground truth</th>
              <th className="py-1">Verdict</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {testcases.map((t, i) => {
              const verdict = m.testcaseVerdicts[i] ?? null;
              return (
                <tr key={i} data-testid="testcase-row" data-verdict={verdict ?? ""}>
                  <td className="py-1 pr-3 text-slate-500">{i + 1}</td>
                  <td className="py-1 pr-3">{t.condition}</td>
                  <td className="py-1 pr-3">
                    {t.groundTruth ?? (
                      <span className="text-slate-500">(checked against the answer)</span>
                    )}
                  </td>
                  <td className="py-1">
                    {verdict === null ? (
                      <span className="text-slate-500">—</span>
                    ) : (
                      <Badge tone={verdict === "CORRECT" ? "green" : "red"}>{verdict}</Badge>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** An InfoMosaic sample: its score and the task's testcases with their verdicts. */
export function InfoMosaicSample(props: SampleViewProps) {
  const { sample, task } = props.trajectory;
  const panel = (
    <Testcases
      m={infoMosaicStoredSampleSchema.parse(sample.metrics ?? {})}
      testcases={testcasesSchema.parse(task.extra?.testcases)}
    />
  );
  return <SeekboardSample {...props} board="infomosaic" panel={panel} />;
}
