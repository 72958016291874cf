import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PUBLIC_VIEWER } from "@/lib/auth/visibility";
import { searchParamsOfState } from "@/lib/url/public-cache";
import { first } from "@/lib/url/search-params";
import { SamplePage, sampleTitle } from "@/app/s/[id]/t/[task]/_views/SamplePage";

type Props = { params: Promise<{ id: string; task: string; state: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, task, state } = await params;
  const searchParams = searchParamsOfState(state);
  return {
    title:
      searchParams === null
        ? "Trajectory"
        : await sampleTitle({
            id,
            task,
            run: first(searchParams, "run") ?? "0",
            viewer: PUBLIC_VIEWER,
          }),
  };
}

/**
 * A public trajectory page, cached like the public leaderboard (see
 * app/public-cache/b/[benchmark]/[state]/page.tsx): what the public may see of it does
 * not depend on who asks, so it is rendered once per view state.
 */
export const revalidate = 60;
export const dynamicParams = true;

export function generateStaticParams(): { id: string; task: string; state: string }[] {
  return [];
}

export default async function CachedTrajectoryPage({ params }: Props) {
  const { id, task, state } = await params;
  const searchParams = searchParamsOfState(state);
  if (searchParams === null) notFound();
  return <SamplePage id={id} task={task} params={searchParams} viewer={PUBLIC_VIEWER} />;
}
