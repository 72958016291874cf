/**
 * `tasks register` / `tasks list`: a benchmark version's canonical task set, registered from
 * its official task file as the admin page does, and the sets registered.
 */
import { canonicalTaskSets, registerCanonicalTasks } from "../db/canonical-tasks";
import type { Db } from "../db/client";
import { BENCHMARKS, type BenchmarkId } from "../lib/benchmarks/registry";
import { BundleError } from "../lib/import/errors";
import { readBundleText } from "../lib/import/lines";
import {
  MAX_TASK_FILE_BYTES,
  parseTaskFile,
  taskFileSource,
  TaskFileError,
} from "../lib/standing/task-file";

export async function registerTaskFile(
  db: Db,
  benchmark: BenchmarkId,
  version: string,
  path: string,
) {
  const source = taskFileSource(path);
  let text: string;
  try {
    text = readBundleText(path, source, { maxBytes: MAX_TASK_FILE_BYTES });
  } catch (error) {
    // Too large or not UTF-8: the file's fault, said the same way as a malformed line.
    throw error instanceof BundleError ? new TaskFileError(error.details) : error;
  }
  const { tasks } = parseTaskFile(BENCHMARKS[benchmark], text, source);
  const counts = await registerCanonicalTasks(db, benchmark, version, tasks, source);
  return { benchmark, version, tasks: counts.tasks, replaced: counts.replaced, source };
}

export async function listTaskSets(db: Db) {
  return (await canonicalTaskSets(db)).map((set) => ({
    benchmark: set.benchmarkId,
    version: set.benchmarkVersion,
    tasks: set.tasks,
    source: set.source,
    registeredAt: set.registeredAt,
  }));
}
