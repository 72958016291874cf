/** Applying and removing maintainers' failure tags on samples. */
import { and, eq, sql } from "drizzle-orm";
import type { ResolvedTag } from "../lib/tags/taxonomies";
import type { Db } from "./client";
import { samples, sampleTags } from "./schema";

export type ApplyTagResult = { ok: true; submissionId: number } | { ok: false; problem: "no-sample" | "already-tagged" };

/** Tags a sample; the submission is copied from the sample so per-submission counts need no join. */
export function applySampleTag(db: Db, sampleId: number, tag: ResolvedTag, actor: string, now: Date = new Date()): ApplyTagResult {
  return db.transaction((tx) => {
    const sample = tx.select({ submissionId: samples.submissionId }).from(samples).where(eq(samples.id, sampleId)).get();
    if (!sample) return { ok: false, problem: "no-sample" } as const;
    // `tag:` filters ignore case, so "Foo" and "foo" on one sample would be one tag twice.
    const sameTag = tx
      .select({ tag: sampleTags.tag })
      .from(sampleTags)
      .where(and(eq(sampleTags.sampleId, sampleId), sql`lower(${sampleTags.tag}) = lower(${tag.tag})`))
      .get();
    if (sameTag) return { ok: false, problem: "already-tagged" } as const;
    const inserted = tx
      .insert(sampleTags)
      .values({ sampleId, submissionId: sample.submissionId, tag: tag.tag, taxonomy: tag.taxonomy, actor, createdAt: now.toISOString() })
      .onConflictDoNothing()
      .run();
    return inserted.changes === 1 ? ({ ok: true, submissionId: sample.submissionId } as const) : ({ ok: false, problem: "already-tagged" } as const);
  });
}

/** Removes a tag from a sample: the sample's submission, or null when the sample did not carry the tag. */
export function removeSampleTag(db: Db, sampleId: number, tag: string): number | null {
  const removed = db
    .delete(sampleTags)
    .where(and(eq(sampleTags.sampleId, sampleId), eq(sampleTags.tag, tag)))
    .returning({ submissionId: sampleTags.submissionId })
    .get();
  return removed?.submissionId ?? null;
}
