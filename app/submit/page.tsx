import type { Metadata } from "next";
import { connection } from "next/server";
import { SubmitForm } from "@/components/submit/SubmitForm";
import { BENCHMARK_IDS, BENCHMARKS } from "@/lib/benchmarks/registry";
import { submitConfigFromEnv } from "@/lib/submit/config";

export const metadata: Metadata = { title: "Submit results" };

/** The benchmarks an Inspect log is read for: those in the Seekboard format (docs/bundle-format.md). */
const LOG_BENCHMARKS = BENCHMARK_IDS.filter((id) => BENCHMARKS[id].seekboardFormat !== null).map(
  (id) => ({ id, name: BENCHMARKS[id].name }),
);

/** Every benchmark's named settings, suggested in the form's Setting field. */
const KNOWN_SETTINGS = [...new Set(BENCHMARK_IDS.flatMap((id) => BENCHMARKS[id].settings ?? []))];

export default async function SubmitPage() {
  // The size limit comes from the running server's environment, not the build's.
  await connection();
  const config = submitConfigFromEnv();
  return (
    <div className="max-w-4xl space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Submit results</h1>
        <p className="mt-1 text-sm text-slate-600">
          Upload a result bundle — a <code className="font-mono">.zip</code> or{" "}
          <code className="font-mono">.tar.gz</code> with{" "}
          <code className="font-mono">manifest.json</code> and your result files, an MPW results{" "}
          <code className="font-mono">.jsonl</code> on its own, or an Inspect AI log (
          <code className="font-mono">.eval</code>, <code className="font-mono">.json</code>) with
          the benchmark it ran. It is validated and scored here; an invalid bundle is refused whole,
          with every problem listed. Accepted submissions wait for the admin&apos;s review before
          they appear on the leaderboards. Scripts can use{" "}
          <code className="font-mono">POST /api/submissions</code> or{" "}
          <code className="font-mono">cli submit</code> instead.
        </p>
      </div>
      <SubmitForm
        maxUploadBytes={config.maxUploadBytes}
        settings={KNOWN_SETTINGS}
        logBenchmarks={LOG_BENCHMARKS}
      />
    </div>
  );
}
