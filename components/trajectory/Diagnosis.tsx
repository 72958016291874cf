import type { Diagnosis as DiagnosisData } from "@/lib/benchmarks/review";

/** "Where it went wrong": the benchmark module's diagnosis of the sample, each item linked to its call's step when it has one. */
export function Diagnosis({
  diagnosis,
  correct,
  callHref = (call) => `#call-${call}`,
}: {
  diagnosis: DiagnosisData;
  correct: boolean;
  /** Where call k's step is (another page of a long trajectory). */ callHref?: (
    call: number,
  ) => string;
}) {
  if (diagnosis.items.length === 0) return null;
  return (
    <section
      className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm"
      data-testid="diagnosis"
      aria-labelledby="diagnosis-heading"
    >
      <h3 id="diagnosis-heading" className="font-semibold text-amber-950">
        {correct ? "How the run went" : "Where it went wrong"}
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-800">
        {diagnosis.items.map((item, i) => (
          <li key={i} data-testid="diagnosis-item" data-call={item.callIndex ?? undefined}>
            {item.callIndex !== null ? (
              <a
                href={callHref(item.callIndex)}
                className="inline-flex min-h-6 items-center text-indigo-800 underline decoration-indigo-300 hover:decoration-indigo-700"
              >
                {item.text}
              </a>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
