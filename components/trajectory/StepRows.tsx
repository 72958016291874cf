"use client";

import type { StepHead } from "@/lib/trajectory/reading";
import { stepAnchor, stepApiUrl } from "@/lib/trajectory/reading";
import type { CallOutcome } from "@/lib/trajectory/view";
import { StepBodyLoader } from "./StepBodyLoader";
import { bodyLabel, StepCard } from "./StepViews";
import type { CallRowMark } from "./tone";

export interface StepRowItem {
  head: StepHead;
  /** A call's outcome by the hit log; absent for other steps and benchmarks without one. */
  outcome?: CallOutcome;
  /** A call's outcome on the timeline, and the call its query repeats. */
  mark?: CallRowMark;
}

const NONE: CallOutcome = { kind: "none" };

/**
 * One page of step rows, rendered from their heads: a client component, so the page carries
 * each row once as HTML and once as a few hundred bytes of props, not twice as markup.
 */
export function StepRows({
  items,
  sample,
}: {
  items: readonly StepRowItem[];
  sample: { submissionId: number; taskKey: string; run: number };
}) {
  return items.map(({ head, outcome = NONE, mark }) => (
    <li
      key={head.ordinal}
      data-step={head.ordinal}
      data-kind={head.kind}
      tabIndex={-1}
      id={stepAnchor(head, head.ordinal)}
    >
      <StepCard
        head={head}
        outcome={outcome}
        mark={mark}
        body={
          head.bodyChars > 0 ? (
            <StepBodyLoader
              url={stepApiUrl(sample.submissionId, sample.taskKey, sample.run, head.ordinal)}
              label={bodyLabel(head)}
            />
          ) : null
        }
      />
    </li>
  ));
}
