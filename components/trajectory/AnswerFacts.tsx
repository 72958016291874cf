import type { ReactNode } from "react";
import type { QaStoredSample } from "@/lib/benchmarks/qa/stored";
import { Fact } from "./Fact";

/** The confidence and judge facts of an answer-judged sample; `children` are the benchmark's own (tool calls, language…). */
export function AnswerFacts({ m, children }: { m: QaStoredSample; children: ReactNode }) {
  return (
    <section
      className="flex flex-wrap gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
      data-testid="sample-metrics"
    >
      <Fact label="Stated confidence" testId="stated-confidence">
        {m.statedConfidence === null ? "none" : `${m.statedConfidence}%`}
      </Fact>
      {m.judgeConfidence !== null ? (
        <Fact label="Judge-extracted confidence">{m.judgeConfidence}%</Fact>
      ) : null}
      {children}
      {m.extractedFinalAnswer ? (
        <Fact label="Judge extracted">{m.extractedFinalAnswer}</Fact>
      ) : null}
      {m.judgeModel ? <Fact label="Judge">{m.judgeModel}</Fact> : null}
    </section>
  );
}
