import { isBenchmarkId, type BenchmarkId } from "../lib/benchmarks/registry";

/**
 * A benchmark id read back from the database (a raw statement's row, a column typed only as
 * text): a value no importer writes is a corrupt row, so it throws.
 */
export function benchmarkIdOf(value: string): BenchmarkId {
  if (!isBenchmarkId(value)) throw new Error(`unknown benchmark "${value}" in the database`);
  return value;
}
