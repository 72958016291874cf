/** What the submission and sample pages hand each benchmark's view: the data is loaded by the page, the view only shows it. */
import type { ReactNode } from "react";
import type { SampleFacets } from "@/components/submission/SampleFilterForm";
import type { SampleListContext } from "@/components/trajectory/SampleListNav";
import type { StepPaging } from "@/components/trajectory/TrajectorySteps";
import type { FailureCounts } from "@/components/tags/FailureSummary";
import type { VerdictChanges } from "@/db/queries/audit";
import type { SampleList } from "@/db/queries/samples";
import type { AggregateRow, SubmissionRow } from "@/db/queries/submissions";
import type { SampleRef, Trajectory } from "@/db/queries/trajectory";
import type { SampleFilters } from "@/lib/url/samples";

export interface SubmissionViewProps {
  submission: SubmissionRow;
  aggregates: AggregateRow[];
  /** The page of samples the filters select. */
  samples: SampleList;
  filters: SampleFilters;
  facets: SampleFacets;
  failures: FailureCounts;
  /** Its verdicts changed since the import (WideSearch words its summary checks by them). */
  changes: VerdictChanges;
  /** What its figures rest on (unjudged samples, changed verdicts), under its header. */
  notices: ReactNode;
}

export interface SampleViewProps {
  trajectory: Trajectory;
  /** The submission's previous and next incorrect samples, for stepping through failures when the page has no list context. */
  failed: { previous: SampleRef | null; next: SampleRef | null };
  /** The sample list the page was opened from (`list=1` and the list's parameters in its address), or null. */
  list: SampleListContext | null;
  /** The verdict history and re-evaluation controls. */
  reeval: ReactNode;
  /** The sample's hints and failure tags. */
  annotations: ReactNode;
  /** The page of the trajectory's steps the address asks for (`steps=`), and other pages' addresses. */
  paging: StepPaging;
}
