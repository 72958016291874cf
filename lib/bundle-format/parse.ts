/**
 * Parsing the Seekboard bundle format v1 by benchmark id: one JSON-decoded line → a
 * typed, camelCase sample; a whole JSONL text → samples, with (task_id, run) checked
 * unique. Errors are `BundleError`s naming the file, the 1-based line and the field.
 * Pure: no database, no file system.
 */
import { BundleErrorList } from "../import/errors";
import { seekboardFormatOf } from "./formats";
import {
  parseFormatLine,
  SampleKeyRegistry,
  type SeekboardBenchmark,
  type SeekboardSample,
  type SeekboardSampleByBenchmark,
} from "./sample";

/**
 * One JSON-decoded line of a Seekboard v1 results file → a typed sample.
 * Throws a `BundleError` naming `file`, `line` and the failing field.
 */
export function parseSeekboardSample<B extends SeekboardBenchmark>(
  value: unknown,
  benchmark: B,
  file: string,
  line: number,
): SeekboardSampleByBenchmark[B];
export function parseSeekboardSample(
  value: unknown,
  benchmark: SeekboardBenchmark,
  file: string,
  line: number,
): SeekboardSample {
  return seekboardFormatOf(benchmark, file, line).parse(value, file, line);
}

/** One raw JSONL line (text) → a sample: JSON and nesting depth checked first. */
export function parseSeekboardLine<B extends SeekboardBenchmark>(
  text: string,
  benchmark: B,
  file: string,
  line: number,
): SeekboardSampleByBenchmark[B];
export function parseSeekboardLine(
  text: string,
  benchmark: SeekboardBenchmark,
  file: string,
  line: number,
): SeekboardSample {
  return parseFormatLine(text, seekboardFormatOf(benchmark, file, line), file, line);
}

/**
 * A whole results file (JSONL text) → samples. Blank lines are skipped; every invalid
 * line is reported in one `BundleError` (the first MAX_REPORTED_ERRORS problems, the rest
 * counted), so a producer sees all of them at once. Pass one `registry` across the files
 * of a bundle.
 */
export function parseSeekboardJsonl<B extends SeekboardBenchmark>(
  text: string,
  benchmark: B,
  file: string,
  options: { registry?: SampleKeyRegistry } = {},
): SeekboardSampleByBenchmark[B][] {
  const registry = options.registry ?? new SampleKeyRegistry();
  const samples: SeekboardSampleByBenchmark[B][] = [];
  const errors = new BundleErrorList();
  text.split("\n").forEach((lineText, i) => {
    const raw = lineText.endsWith("\r") ? lineText.slice(0, -1) : lineText;
    if (raw.trim() === "") return;
    errors.checkSync(() => {
      const sample = parseSeekboardLine(raw, benchmark, file, i + 1);
      registry.add(sample);
      samples.push(sample);
    });
  });
  errors.throwIfAny();
  return samples;
}
