/** The plot's data as JSON and CSV, from the same API the CLI mirrors. */
export function DownloadLinks({
  kind,
  ids,
  query,
}: {
  kind: string;
  ids: number[];
  query: string;
}) {
  const base = `/api/analysis/${kind}?submissions=${ids.join(",")}&${query}`;
  return (
    <span className="inline-flex gap-1 text-xs" data-testid="download-links">
      <a
        href={base}
        className="inline-flex min-h-6 min-w-6 items-center px-1 text-indigo-700 hover:underline"
        download={`${kind}.json`}
      >
        JSON
      </a>
      <a
        href={`${base}&format=csv`}
        className="inline-flex min-h-6 min-w-6 items-center px-1 text-indigo-700 hover:underline"
        download={`${kind}.csv`}
      >
        CSV
      </a>
    </span>
  );
}
