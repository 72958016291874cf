/** Tests' view of a zip: every member, inflated by yauzl (the reader the importer uses), name → text. */
import yauzl from "yauzl";

export function zipMembers(source: string | Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip: yauzl.ZipFile | undefined) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const members = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            members.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(members));
      zip.on("error", reject);
      zip.readEntry();
    };
    if (typeof source === "string")
      yauzl.open(source, { lazyEntries: true, strictFileNames: true }, opened);
    else yauzl.fromBuffer(source, { lazyEntries: true }, opened);
  });
}
