/** Applying and removing maintainers' failure tags on samples. */
import { and, eq, sql } from "drizzle-orm";
import type { ResolvedTag } from "../lib/tags/taxonomies";
import { engineOf, first, rawRows, withTx, type Db } from "./client";
import { samples, sampleTags } from "./schema";

export type ApplyTagResult =
  { ok: true; submissionId: number } | { ok: false; problem: "no-sample" | "already-tagged" };

/** Tags a sample; the submission is copied from the sample so per-submission counts need no join. */
export async function applySampleTag(
  db: Db,
  sampleId: number,
  tag: ResolvedTag,
  actor: string,
  now: Date = new Date(),
): Promise<ApplyTagResult> {
  return withTx(db, async (tx) => {
    // PostgreSQL: the sample locked, so two tags differing only in case cannot both pass the check below at once.
    if (engineOf(tx) === "postgres")
      await rawRows(
        tx,
        sql`SELECT id FROM ${samples} WHERE ${samples.id} = ${sampleId} FOR NO KEY UPDATE`,
      );
    const sample = await first(
      tx
        .select({ submissionId: samples.submissionId })
        .from(samples)
        .where(eq(samples.id, sampleId))
        .limit(1),
    );
    if (!sample) return { ok: false, problem: "no-sample" } as const;
    // `tag:` filters ignore case, so "Foo" and "foo" on one sample would be one tag twice.
    const sameTag = await first(
      tx
        .select({ tag: sampleTags.tag })
        .from(sampleTags)
        .where(
          and(
            eq(sampleTags.sampleId, sampleId),
            sql`lower(${sampleTags.tag}) = lower(cast(${tag.tag} as text))`,
          ),
        )
        .limit(1),
    );
    if (sameTag) return { ok: false, problem: "already-tagged" } as const;
    const inserted = await tx
      .insert(sampleTags)
      .values({
        sampleId,
        submissionId: sample.submissionId,
        tag: tag.tag,
        taxonomy: tag.taxonomy,
        actor,
        createdAt: now.toISOString(),
      })
      .onConflictDoNothing()
      .returning({ sampleId: sampleTags.sampleId });
    return inserted.length === 1
      ? ({ ok: true, submissionId: sample.submissionId } as const)
      : ({ ok: false, problem: "already-tagged" } as const);
  });
}

/** Removes a tag from a sample: the sample's submission, or null when the sample did not carry the tag. */
export async function removeSampleTag(
  db: Db,
  sampleId: number,
  tag: string,
): Promise<number | null> {
  const removed = await withTx(db, (tx) =>
    tx
      .delete(sampleTags)
      .where(and(eq(sampleTags.sampleId, sampleId), eq(sampleTags.tag, tag)))
      .returning({ submissionId: sampleTags.submissionId }),
  );
  return removed[0]?.submissionId ?? null;
}
