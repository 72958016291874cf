import type { Metadata } from "next";
import { connection } from "next/server";
import { SubmitForm } from "@/components/submit/SubmitForm";
import { MPW_SETTINGS } from "@/lib/benchmarks/mpw/manifest";
import { submitConfigFromEnv } from "@/lib/submit/config";

export const metadata: Metadata = { title: "Submit results" };

export default async function SubmitPage() {
  // The size limit comes from the running server's environment, not the build's.
  await connection();
  const config = submitConfigFromEnv();
  return (
    <div className="max-w-4xl space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Submit results</h1>
        <p className="mt-1 text-sm text-slate-600">
          Upload a result bundle — a <code className="font-mono">.zip</code> or <code className="font-mono">.tar.gz</code> with <code className="font-mono">manifest.json</code> and
          your result files, or an MPW results <code className="font-mono">.jsonl</code> on its own. It is validated and scored here; an invalid bundle is refused whole, with every
          problem listed. Accepted submissions wait for the admin&apos;s review before they appear on the leaderboards. Scripts can use{" "}
          <code className="font-mono">POST /api/submissions</code> or <code className="font-mono">cli submit</code> instead.
        </p>
      </div>
      <SubmitForm maxUploadBytes={config.maxUploadBytes} settings={MPW_SETTINGS} />
    </div>
  );
}
