import "server-only";
/**
 * What the re-evaluation actions share: the judge configuration from the environment,
 * the key previews are signed with, and which pages to revalidate after a change.
 */
import { revalidatePath } from "next/cache";
import type { Affected } from "@/db/reeval/store";
import { llmJudgeSettingFromEnv, type LlmJudgeSetting } from "@/lib/judges/chat";
import { adminToken } from "./auth";
import { publicDataChanged } from "./public-pages";

/** Written to the audit log as the actor: the instance has one maintainer identity, its admin token. */
export const ADMIN_ACTOR = "admin";

export type ReevalActionResult<T extends object = object> =
  ({ ok: true } & T) | { ok: false; error: string };

export const NOT_ADMIN = {
  ok: false,
  error: "only a maintainer can do this: log in at /admin",
} as const;

export function llmSetting(): LlmJudgeSetting {
  return llmJudgeSettingFromEnv(process.env);
}

/** Previews are signed with a key derived from the admin token (see lib/reeval/proposal.ts). */
export function proposalSecret(): string | null {
  return adminToken();
}

/**
 * The pages whose figures or verdicts changed: the submissions', their boards, the sample
 * pages; and the public data version, which validates visitors' copies of public pages.
 */
export async function revalidateAffected(affected: readonly Affected[]): Promise<void> {
  for (const { submissionId, benchmarkId } of affected) {
    revalidatePath(`/s/${submissionId}`);
    revalidatePath(`/b/${benchmarkId}`);
  }
  revalidatePath("/s/[id]/t/[task]", "page");
  await publicDataChanged();
}
