/** Whether submissions can be compared: one benchmark and one version, so their tasks are the same. */

export interface ComparableSubmission {
  id: number;
  benchmarkId: string;
  benchmarkVersion: string;
}

/** Null when all share a benchmark and version; else a message naming what differs. */
export function incompatibility(
  submissions: readonly ComparableSubmission[],
  nameOf: (benchmarkId: string) => string = (id) => id,
): string | null {
  if (submissions.length < 2) return null;
  const [first] = submissions;
  const other = submissions.find(
    (s) => s.benchmarkId !== first.benchmarkId || s.benchmarkVersion !== first.benchmarkVersion,
  );
  if (!other) return null;
  const what =
    other.benchmarkId !== first.benchmarkId
      ? "different benchmarks"
      : "different versions of the benchmark";
  const label = (s: ComparableSubmission) =>
    `#${s.id} is ${nameOf(s.benchmarkId)} ${s.benchmarkVersion}`;
  return `These submissions cannot be compared: ${label(first)}, ${label(other)} (${what}). A comparison pairs the same tasks, so every submission must be of one benchmark and one version.`;
}
