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

/** Rendered on demand; a visitor's copy is revalidated by proxy.ts without rendering while the data is unchanged. */
export default async function TrajectoryPage({ params, searchParams }: Props) {
  await connection();
  const { id, task } = await params;
  return (
    <SamplePage id={id} task={task} params={await searchParams} viewer={await currentViewer()} />
  );
}
