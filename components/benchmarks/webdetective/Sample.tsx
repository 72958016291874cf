import { Fact } from "@/components/trajectory/Fact";
import { SeekboardSample } from "@/components/trajectory/SeekboardSample";
import { callHrefOf } from "@/components/trajectory/TrajectorySteps";
import {
  webDetectiveStoredSampleSchema,
  type WebDetectiveStoredSample,
} from "@/lib/benchmarks/webdetective/stored";
import type { SampleViewProps } from "../pages";

function EvidenceChain({
  m,
  callHref,
}: {
  m: WebDetectiveStoredSample;
  /** Where call k's step is (another page of a long trajectory). */
  callHref: (call: number) => string;
}) {
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="evidence-chain"
      data-points={m.evidence.length}
    >
      <h2 className="font-semibold">Evidence chain</h2>
      <p className="text-xs text-slate-500">
        Each link e<sub>i</sub>: found by search (the agent visited the page holding it; at the call
        the bundle names, when it names one), known (not found, but the parametric probe answered
        it), or missing. Knowledge is sufficient (region S) when no link is missing.
      </p>
      <ol className="mt-3 flex flex-wrap items-center gap-2">
        {m.evidence.map((e, i) => {
          const state = e.foundBySearch ? "found" : e.probeCorrect ? "probed" : "missing";
          const tone =
            state === "found"
              ? "bg-emerald-100 text-emerald-900 ring-emerald-300"
              : state === "probed"
                ? "bg-sky-100 text-sky-900 ring-sky-300"
                : "bg-rose-100 text-rose-900 ring-rose-300";
          return (
            <li
              key={e.id}
              className="flex items-center gap-2"
              data-testid="evidence-link"
              data-state={state}
            >
              {i > 0 ? <span className="text-slate-500">→</span> : null}
              <span className={`rounded px-2 py-1 text-xs ring-1 ring-inset ${tone}`}>
                <span className="font-mono">{e.id}</span> ·{" "}
                {state === "found" ? (
                  e.foundAtCall !== null ? (
                    <>
                      found by search at{" "}
                      <a
                        href={callHref(e.foundAtCall)}
                        className="underline"
                        data-testid="evidence-call"
                      >
                        call {e.foundAtCall}
                      </a>
                    </>
                  ) : (
                    "found by search (the bundle does not say at which call)"
                  )
                ) : state === "probed" ? (
                  "probed correctly"
                ) : e.probeCorrect === false ? (
                  "missing (probe wrong)"
                ) : (
                  "missing (not probed)"
                )}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
        <Fact label="Region" testId="wd-region">
          {m.region === "S" ? "S — knowledge sufficient" : "I — knowledge insufficient"}
        </Fact>
        <Fact label="Response" testId="wd-response">
          {m.response}
        </Fact>
        <Fact label="Refused">{m.refused ? "yes" : "no"}</Fact>
        <Fact label="Hops used / ground truth" testId="wd-hops">
          {m.hopsUsed} / {m.hopsGt}
        </Fact>
        <Fact label="Searched">{m.searched ? "yes" : "no"}</Fact>
        <Fact label="Clean-evidence answer" testId="wd-clean">
          {m.cleanEvidenceCorrect === null
            ? "not tested"
            : m.cleanEvidenceCorrect
              ? "correct"
              : "wrong"}
        </Fact>
        {m.degradation ? (
          <Fact label="Degradation">
            {m.degradation === "lead-astray"
              ? "lead astray (right from clean evidence)"
              : m.degradation === "forget"
                ? "forget (wrong even from clean evidence)"
                : "unknown"}
          </Fact>
        ) : null}
        {m.searchCredit ? (
          <Fact label="Search credit">
            correct within the ground-truth hops without full knowledge
          </Fact>
        ) : null}
      </div>
    </section>
  );
}

/** A WebDetective sample: its evidence chain, region and hops. */
export function WebDetectiveSample(props: SampleViewProps) {
  return (
    <SeekboardSample
      {...props}
      board="webdetective"
      panel={
        <EvidenceChain
          m={webDetectiveStoredSampleSchema.parse(props.trajectory.sample.metrics ?? {})}
          callHref={callHrefOf(props.trajectory, props.paging)}
        />
      }
    />
  );
}
