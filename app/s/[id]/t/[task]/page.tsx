import type { Metadata } from "next";
import { connection } from "next/server";
import { currentViewer } from "@/server/auth";
import type { RawSearchParams } from "@/lib/url/search-params";
import { SamplePage } from "./_views/SamplePage";

type Props = { params: Promise<{ id: string; task: string }>; searchParams: Promise<RawSearchParams> };

export const metadata: Metadata = { title: "Trajectory" };

/**
 * Rendered on demand for visitors with a session (admin, uploader) and for navigations
 * inside the app; other page loads get the cached copy in app/public-cache (see proxy.ts).
 */
export default async function TrajectoryPage({ params, searchParams }: Props) {
  await connection();
  const { id, task } = await params;
  return <SamplePage id={id} task={task} params={await searchParams} viewer={await currentViewer()} />;
}
