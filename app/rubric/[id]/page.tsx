import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { RefreshWhileRunning } from "@/components/rubric/RefreshWhileRunning";
import { RubricForm } from "@/components/rubric/RubricForm";
import { RubricResultsView } from "@/components/rubric/RubricResultsView";
import { getDb } from "@/db/client";
import { getRubricJob, listRubricResults, parseRubricShow } from "@/db/queries/rubric";
import { BENCHMARK_IDS, BENCHMARK_INFO } from "@/lib/benchmarks/info";
import { cancelRubricAction } from "@/server/rubric-actions";
import { currentViewer } from "@/server/auth";

const PAGE_SIZE = 100;

export const metadata: Metadata = {
  title: "Rubric search",
  robots: { index: false, follow: false },
};

/** A rubric search's results, shareable by its address; a visitor sees the runs of approved submissions only. */
export default async function RubricPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const raw = (await params).id;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  const query = await searchParams;
  const db = await getDb();
  const job = await getRubricJob(db, Number(raw));
  if (!job) notFound();
  const viewer = await currentViewer();
  const show = parseRubricShow(typeof query.show === "string" ? query.show : undefined);
  const page =
    typeof query.page === "string" && /^\d{1,6}$/.test(query.page)
      ? Math.max(1, Number(query.page))
      : 1;
  const { rows, counts } = await listRubricResults(db, job.id, viewer, show, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const running = job.status === "queued" || job.status === "running";
  return (
    <div className="space-y-8">
      <RefreshWhileRunning running={running} />
      <RubricResultsView
        job={job}
        admin={viewer.admin}
        show={show}
        counts={counts}
        rows={rows}
        page={page}
        pageSize={PAGE_SIZE}
      />
      {viewer.admin && running ? (
        <form action={cancelRubricAction}>
          <input type="hidden" name="id" value={job.id} />
          <button
            type="submit"
            className="rounded border border-rose-300 px-3 py-1.5 text-sm text-rose-700 hover:bg-rose-50"
          >
            Cancel the search
          </button>
        </form>
      ) : null}
      {viewer.admin && counts.match > 0 ? (
        <section className="space-y-2" data-testid="rubric-refine">
          <h2 className="text-lg font-semibold">Refine: a new rubric on these matches</h2>
          <RubricForm
            benchmarks={BENCHMARK_IDS.map((id) => ({ id, name: BENCHMARK_INFO[id].name }))}
            parent={job.id}
          />
        </section>
      ) : null}
    </div>
  );
}
