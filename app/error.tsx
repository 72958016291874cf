"use client";

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-rose-200 bg-rose-50 p-6">
      <h1 className="text-lg font-semibold text-rose-800">Something went wrong</h1>
      <p className="mt-2 text-sm text-rose-700">
        {error.message || "The page could not be rendered."}
      </p>
      {error.digest ? (
        <p className="mt-1 font-mono text-xs text-rose-600">digest {error.digest}</p>
      ) : null}
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded bg-rose-700 px-3 py-1.5 text-sm text-white hover:bg-rose-800"
      >
        Try again
      </button>
    </div>
  );
}
