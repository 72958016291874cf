import "server-only";
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { sampleHints, type HintId } from "../../lib/hints/hints";
import { taxonomyIdOf, type TaxonomyId } from "../../lib/tags/taxonomies";
import { first, type Db } from "../client";
import { sampleFacts, samples, sampleTags, submissions } from "../schema";
import { factFigureSql, factsOfSample } from "../sample-facts";
import { ascNullsFirst } from "./order";

interface SampleTagRow {
  tag: string;
  taxonomy: TaxonomyId | null;
  actor: string;
  createdAt: string;
}

export async function tagsOfSample(db: Db, sampleId: number): Promise<SampleTagRow[]> {
  const rows = await db
    .select({
      tag: sampleTags.tag,
      taxonomy: sampleTags.taxonomy,
      actor: sampleTags.actor,
      createdAt: sampleTags.createdAt,
    })
    .from(sampleTags)
    .where(eq(sampleTags.sampleId, sampleId))
    .orderBy(asc(sampleTags.createdAt), asc(sampleTags.tag));
  return rows.map((r) => ({ ...r, taxonomy: taxonomyIdOf(r.taxonomy) }));
}

/** Tag names of each of the given samples, in the order they were applied. */
export async function tagsOfSamples(db: Db, sampleIds: number[]): Promise<Map<number, string[]>> {
  const bySample = new Map<number, string[]>();
  if (sampleIds.length === 0) return bySample;
  const rows = await db
    .select({ sampleId: sampleTags.sampleId, tag: sampleTags.tag })
    .from(sampleTags)
    .where(inArray(sampleTags.sampleId, sampleIds))
    .orderBy(asc(sampleTags.createdAt), asc(sampleTags.tag));
  for (const row of rows)
    bySample.set(row.sampleId, [...(bySample.get(row.sampleId) ?? []), row.tag]);
  return bySample;
}

export interface TagCount {
  tag: string;
  taxonomy: TaxonomyId | null;
  samples: number;
}

/** How many of the submission's samples carry each tag, most frequent first. */
export async function tagCounts(db: Db, submissionId: number): Promise<TagCount[]> {
  const n = count();
  const rows = await db
    .select({ tag: sampleTags.tag, taxonomy: sampleTags.taxonomy, samples: n })
    .from(sampleTags)
    .where(eq(sampleTags.submissionId, submissionId))
    .groupBy(sampleTags.tag, sampleTags.taxonomy)
    .orderBy(desc(n), asc(sampleTags.tag), ascNullsFirst(sampleTags.taxonomy));
  return rows.map((r) => ({ ...r, taxonomy: taxonomyIdOf(r.taxonomy) }));
}

export interface SampleAnnotations {
  sampleId: number;
  benchmarkId: string;
  tags: SampleTagRow[];
  hints: HintId[];
}

/** One sample's tags and automatic hints, for its trajectory page. */
export async function sampleAnnotations(db: Db, sampleId: number): Promise<SampleAnnotations> {
  const row = await first(
    db
      .select({
        sample: samples,
        fcr: factFigureSql.fcr,
        compoundRate: factFigureSql.compoundRate,
        setting: submissions.setting,
        benchmarkId: submissions.benchmarkId,
      })
      .from(samples)
      .leftJoin(sampleFacts, factsOfSample)
      .innerJoin(submissions, eq(submissions.id, samples.submissionId))
      .where(eq(samples.id, sampleId))
      .limit(1),
  );
  if (!row) throw new Error(`no sample ${sampleId}`);
  return {
    sampleId,
    benchmarkId: row.benchmarkId,
    tags: await tagsOfSample(db, sampleId),
    hints: sampleHints({
      ...row.sample,
      fcr: row.fcr,
      compoundRate: row.compoundRate,
      setting: row.setting,
    }),
  };
}
