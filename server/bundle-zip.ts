import "server-only";
import { PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { Db } from "@/db/client";
import { exportLines, type SubmissionExport } from "@/db/export";
import { EXPORT_RESULTS_FILE } from "@/lib/export/bundle";

/** The download's name, and the folder its files unpack into (the importer takes one wrapping folder). */
export function bundleZipName(submissionId: number): string {
  return `seekboard-submission-${submissionId}`;
}

/**
 * The submission's bundle as a streamed `.zip`: the results lines are read a page of
 * samples at a time as the client takes them, so a large submission is never held whole.
 */
export function bundleZipResponse(db: Db, plan: Extract<SubmissionExport, { ok: true }>): Response {
  const name = bundleZipName(plan.submissionId);
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(`${JSON.stringify(plan.manifest, null, 2)}\n`),
    `${name}/manifest.json`,
  );
  const lines = Readable.from(
    (async function* () {
      for await (const line of exportLines(db, plan)) yield line.text;
    })(),
  );
  zip.addReadStream(lines, `${name}/${EXPORT_RESULTS_FILE}`);
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  // yazl does not listen for its inputs' errors: a failed read must end the download as failed
  // (a cut zip the client sees as broken), never throw past the request.
  lines.on("error", (error) => out.destroy(error));
  const chunks = out[Symbol.asyncIterator]();
  // Pulled as the client reads: the zip is written no faster than it is sent.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel() {
      out.destroy();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${name}.zip"`,
      // A pending submission's bundle is its uploader's: never kept by a shared cache.
      "cache-control": "private, no-store",
    },
  });
}
