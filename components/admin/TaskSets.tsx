import { ScrollRegion } from "@/components/ui/ScrollRegion";
import type { TaskSetOverviewRow } from "@/db/queries/task-sets";
import { RemoveTaskSetButton } from "./RemoveTaskSetButton";
import { TaskSetForm, type TaskSetBenchmarkOption } from "./TaskSetForm";

const FALLBACK = "none — coverage is measured against the largest approved submission";

/** The admin's "Task sets": each benchmark version's registered canonical task set, or that it has none, and the upload form. */
export function TaskSets({
  rows,
  benchmarks,
  maxBytes,
}: {
  rows: TaskSetOverviewRow[];
  benchmarks: TaskSetBenchmarkOption[];
  maxBytes: number;
}) {
  const nameOf = (id: string) => benchmarks.find((b) => b.id === id)?.name ?? id;
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">Task sets</h2>
      <p className="text-sm text-slate-600">
        Coverage counts a submission&apos;s tasks against its benchmark version&apos;s canonical
        task set, registered here from the benchmark&apos;s official task file.
      </p>
      {rows.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          No benchmark version has approved submissions or a registered task set yet.
        </p>
      ) : (
        <ScrollRegion label="Task sets" className="rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="task-sets">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-3 py-2">Benchmark</th>
                <th className="px-3 py-2">Version</th>
                <th className="px-3 py-2 text-right">Approved</th>
                <th className="px-3 py-2">Task set</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.benchmarkId}\u0000${row.benchmarkVersion}`}
                  className="border-t border-slate-200 align-top"
                  data-testid="task-set-row"
                  data-benchmark={row.benchmarkId}
                  data-version={row.benchmarkVersion}
                  data-tasks={row.registered?.tasks ?? ""}
                >
                  <td className="px-3 py-2">{nameOf(row.benchmarkId)}</td>
                  <td className="px-3 py-2 font-mono text-xs">{row.benchmarkVersion}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.approvedSubmissions}</td>
                  <td className="px-3 py-2">
                    {row.published !== null ? (
                      <span className="text-slate-600" data-testid="task-set-published">
                        <span className="font-medium tabular-nums text-slate-900">
                          {row.published} tasks
                        </span>{" "}
                        · the benchmark&apos;s published ids, shipped with Seekboard
                        {row.registered ? " (they take precedence over the registered file)" : ""}
                      </span>
                    ) : row.registered ? (
                      <>
                        <span className="font-medium tabular-nums">
                          {row.registered.tasks} tasks
                        </span>
                        <span className="text-slate-600">
                          {" "}
                          · from <span className="font-mono text-xs">
                            {row.registered.source}
                          </span>{" "}
                          · registered{" "}
                          <span className="tabular-nums">
                            {row.registered.registeredAt.slice(0, 16).replace("T", " ")}
                          </span>
                        </span>
                      </>
                    ) : (
                      <span className="text-slate-600">
                        {FALLBACK}
                        {row.largestApprovedTasks !== null
                          ? ` (${row.largestApprovedTasks} tasks)`
                          : ""}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {row.registered ? (
                      <RemoveTaskSetButton
                        benchmark={row.benchmarkId}
                        version={row.benchmarkVersion}
                        label={`${nameOf(row.benchmarkId)} ${row.benchmarkVersion}`}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <TaskSetForm benchmarks={benchmarks} maxBytes={maxBytes} />
    </section>
  );
}
