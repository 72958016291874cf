import { AnswerFacts } from "@/components/trajectory/AnswerFacts";
import { Fact } from "@/components/trajectory/Fact";
import { SeekboardSample } from "@/components/trajectory/SeekboardSample";
import { qaStoredSampleSchema } from "@/lib/benchmarks/qa/stored";
import type { SampleViewProps } from "../pages";

/** A QA sample: stated confidence, the judge's extraction and the tool calls. */
export function QaSample(props: SampleViewProps) {
  const m = qaStoredSampleSchema.parse(props.trajectory.sample.metrics ?? {});
  const panel = (
    <AnswerFacts m={m}>
      <Fact label="Tool calls" testId="tool-calls">
        {m.toolCalls ?? "?"}
      </Fact>
    </AnswerFacts>
  );
  return <SeekboardSample {...props} board="qa" panel={panel} />;
}
