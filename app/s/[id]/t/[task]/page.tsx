import type { Metadata } from "next";
import { connection } from "next/server";
import { currentViewer } from "@/server/auth";
import { first, type RawSearchParams } from "@/lib/url/search-params";
import { SamplePage, sampleTitle } from "./_views/SamplePage";

type Props = {
  params: Promise<{ id: string; task: string }>;
  searchParams: Promise<RawSearchParams>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  await connection();
  const { id, task } = await params;
  return {
    title: await sampleTitle({
      id,
      task,
      run: first(await searchParams, "run") ?? "0",
      viewer: await currentViewer(),
    }),
  };
}

/**
 * Rendered on demand for visitors with a session (admin, uploader) and for navigations
 * inside the app; other page loads get the cached copy in app/public-cache (see proxy.ts).
 */
export default async function TrajectoryPage({ params, searchParams }: Props) {
  await connection();
  const { id, task } = await params;
  return (
    <SamplePage id={id} task={task} params={await searchParams} viewer={await currentViewer()} />
  );
}
