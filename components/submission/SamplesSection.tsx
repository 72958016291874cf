import { FailureSummary, type FailureCounts } from "@/components/tags/FailureSummary";
import type { SampleList } from "@/db/queries/samples";
import type { SampleFilters } from "@/lib/url/samples";
import { FailureModeChart } from "./FailureModeChart";
import { SampleFilterForm, type SampleFacets, type SampleFilterField } from "./SampleFilterForm";
import { SampleTable, type SampleColumn, type SampleTaskCell } from "./SampleTable";

/** The submission page's samples: failure counts, the filter form and the table, with the benchmark's own fields and columns. */
export function SamplesSection({
  submissionId,
  samples,
  filters,
  facets,
  failures,
  fields,
  task,
  columns,
  filterExample,
}: {
  submissionId: number;
  samples: SampleList;
  filters: SampleFilters;
  facets: SampleFacets;
  failures: FailureCounts;
  fields: SampleFilterField[];
  task: SampleTaskCell;
  columns: SampleColumn[];
  /** The benchmark's own filter query example (its module's `filterExample`). */
  filterExample: string;
}) {
  return (
    <section className="space-y-3" id="samples">
      <h2 className="text-lg font-semibold">Samples</h2>
      <FailureModeChart submissionId={submissionId} report={failures.modes} />
      <FailureSummary submissionId={submissionId} tags={failures.tags} hints={failures.hints} />
      <SampleFilterForm
        action={`/s/${submissionId}`}
        filters={filters}
        facets={facets}
        fields={fields}
        filterExample={filterExample}
      />
      <SampleTable
        submissionId={submissionId}
        rows={samples.rows}
        total={samples.total}
        filters={filters}
        queryError={samples.queryError}
        task={task}
        columns={columns}
      />
    </section>
  );
}
