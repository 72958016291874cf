/**
 * The benchmarks whose bundles use the Seekboard format, derived from the registry (each
 * module's `seekboardFormat`), in registry order: the published schema's sample kinds and
 * manifest branches, and the format of a benchmark id read from outside.
 */
import { z } from "zod";
import { BENCHMARK_IDS, BENCHMARKS } from "../benchmarks/registry";
import { BundleError } from "../import/errors";
import type { SeekboardBenchmark, SeekboardFormat } from "./sample";

export const SEEKBOARD_FORMATS: readonly SeekboardFormat[] = BENCHMARK_IDS.flatMap((id) => {
  const format = BENCHMARKS[id].seekboardFormat;
  return format ? [format] : [];
});

export const SEEKBOARD_MANIFEST_SCHEMAS = Object.fromEntries(
  SEEKBOARD_FORMATS.map((format) => [format.benchmark, format.manifestSchema]),
);

function manifestUnion() {
  const [first, ...rest] = SEEKBOARD_FORMATS.map((format) => format.manifestSchema);
  if (!first) throw new Error("no benchmark uses the Seekboard bundle format");
  return z.discriminatedUnion("benchmark", [first, ...rest]);
}

/** Any Seekboard-format manifest, told apart by `benchmark`. */
export const seekboardManifestSchema = manifestUnion();

/** The format of a benchmark named by a caller; a `BundleError` at `file`/`line` when it has none. */
export function seekboardFormatOf(
  benchmark: SeekboardBenchmark,
  file: string,
  line: number,
): SeekboardFormat {
  const format = SEEKBOARD_FORMATS.find((f) => f.benchmark === benchmark);
  if (!format) throw BundleError.at(file, line, null, `unknown benchmark "${String(benchmark)}"`);
  return format;
}
