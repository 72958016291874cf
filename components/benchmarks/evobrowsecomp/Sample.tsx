import { AnswerFacts } from "@/components/trajectory/AnswerFacts";
import { Fact } from "@/components/trajectory/Fact";
import { SeekboardSample } from "@/components/trajectory/SeekboardSample";
import { evoStoredSampleSchema } from "@/lib/benchmarks/evobrowsecomp/stored";
import type { SampleViewProps } from "../pages";

/** An EvoBrowseComp sample: confidence, tool calls against the limit, language and setting. */
export function EvoBrowseCompSample(props: SampleViewProps) {
  const { sample, steps } = props.trajectory;
  const evo = evoStoredSampleSchema.parse(sample.metrics ?? {});
  const traced = steps.filter((s) => s.kind === "tool_call").length;
  const panel = (
    <AnswerFacts m={evo}>
      <Fact label="Tool calls / limit" testId="tool-calls">
        {evo.toolCalls ?? "?"} / {evo.toolCallLimit}
        {evo.exceeded ? " (limit reached)" : ""}
        {evo.toolCalls !== null && !evo.toolCallsCounted && evo.toolCalls !== traced ? (
          <span className="font-normal text-slate-500"> (the messages hold {traced})</span>
        ) : null}
      </Fact>
      <Fact label="Language">{evo.language}</Fact>
      <Fact label="Setting">{evo.setting}</Fact>
      {evo.domain ? <Fact label="Domain">{evo.domain}</Fact> : null}
      {evo.hops !== null ? <Fact label="Hops">{evo.hops}</Fact> : null}
    </AnswerFacts>
  );
  return <SeekboardSample {...props} board="evobrowsecomp" panel={panel} />;
}
