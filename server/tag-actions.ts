"use server";
/** The maintainers' tag mutations: each re-checks the admin session, validates with zod and refreshes the page. */
import { refresh, revalidatePath } from "next/cache";
import { publicDataChanged } from "@/server/public-pages";
import { z } from "zod";
import { isAdminSession } from "@/server/auth";
import { getDb } from "@/db/client";
import { applySampleTag, removeSampleTag } from "@/db/tags";
import { parseTag } from "@/lib/tags/validate";

export type TagActionResult = { ok: true; message: string } | { ok: false; error: string };

const NOT_ADMIN = {
  ok: false,
  error: "only a maintainer can tag samples: log in at /admin",
} as const;
/** Tags carry the maintainer's role, not a person: there is one admin identity. */
const ACTOR = "admin";

const sampleIdSchema = z.coerce.number().int().positive();

export async function applyTag(
  _previous: TagActionResult | null,
  formData: FormData,
): Promise<TagActionResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const sampleId = sampleIdSchema.safeParse(formData.get("sampleId"));
  if (!sampleId.success) return { ok: false, error: "no such sample" };
  const tag = parseTag(formData.get("tag") ?? "");
  if (!tag.ok) return { ok: false, error: tag.error };
  const result = await applySampleTag(await getDb(), sampleId.data, tag.value, ACTOR);
  if (!result.ok)
    return {
      ok: false,
      error:
        result.problem === "no-sample"
          ? "no such sample"
          : `the sample is already tagged “${tag.value.tag}”`,
    };
  revalidatePath(`/s/${result.submissionId}`);
  await publicDataChanged();
  refresh();
  return { ok: true, message: `tagged “${tag.value.tag}”` };
}

const removeSchema = z.object({ sampleId: sampleIdSchema, tag: z.string().min(1).max(200) });

export async function removeTag(
  _previous: TagActionResult | null,
  formData: FormData,
): Promise<TagActionResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = removeSchema.safeParse({
    sampleId: formData.get("sampleId"),
    tag: formData.get("tag"),
  });
  if (!parsed.success) return { ok: false, error: "no such tag" };
  const submissionId = await removeSampleTag(await getDb(), parsed.data.sampleId, parsed.data.tag);
  if (submissionId === null)
    return { ok: false, error: `the sample has no tag “${parsed.data.tag}”` };
  revalidatePath(`/s/${submissionId}`);
  await publicDataChanged();
  refresh();
  return { ok: true, message: `removed “${parsed.data.tag}”` };
}
