/**
 * The benchmarks' failure taxonomies (each module's `taxonomy`, from its paper), as tags a
 * maintainer applies to samples. A taxonomy is named by its benchmark's id.
 */
import { BENCHMARK_IDS, BENCHMARK_INFO, type BenchmarkId } from "../benchmarks/info";
import type { TaxonomyDefinition, TaxonomyTag } from "../benchmarks/judging";

export type TaxonomyId = BenchmarkId;
export interface Taxonomy extends TaxonomyDefinition {
  id: TaxonomyId;
}

/** Every benchmark's taxonomy, the largest first (the tag picker lists them in this order). */
export const TAXONOMIES: readonly Taxonomy[] = BENCHMARK_IDS.flatMap((id) => {
  const taxonomy = BENCHMARK_INFO[id].taxonomy;
  return taxonomy ? [{ id, ...taxonomy }] : [];
}).sort((a, b) => b.tags.length - a.tags.length);

const TAXONOMY_IDS: readonly TaxonomyId[] = TAXONOMIES.map((t) => t.id);

/** A stored taxonomy id read back: a value this code never writes is a corrupt row, not a free tag. */
export function taxonomyIdOf(value: string | null): TaxonomyId | null {
  if (value === null) return null;
  const id = TAXONOMY_IDS.find((known) => known === value);
  if (id === undefined) throw new Error(`unknown taxonomy "${value}" in sample_tags`);
  return id;
}

export interface ResolvedTag {
  tag: string;
  /** The taxonomy the tag belongs to, or null for a free tag. */
  taxonomy: TaxonomyId | null;
}

/** The taxonomy tag a name denotes (case-insensitively), or undefined for a free tag. */
export function findTaxonomyTag(
  name: string,
): { taxonomy: Taxonomy; tag: TaxonomyTag } | undefined {
  const key = name.toLowerCase();
  for (const taxonomy of TAXONOMIES) {
    const tag = taxonomy.tags.find((t) => t.name.toLowerCase() === key);
    if (tag) return { taxonomy, tag };
  }
  return undefined;
}

/**
 * A tag name as stored: a taxonomy's name in its own spelling (so "retrieval miss" and
 * "Retrieval Miss" are one tag), else the free tag as given.
 */
export function resolveTag(name: string): ResolvedTag {
  const found = findTaxonomyTag(name);
  return found
    ? { tag: found.tag.name, taxonomy: found.taxonomy.id }
    : { tag: name, taxonomy: null };
}

/**
 * The taxonomies offered for a benchmark's samples: its own only (none when its paper gives
 * none) — another paper's failure types do not describe its runs; a free tag still can.
 */
export function taxonomiesFor(benchmarkId: string): Taxonomy[] {
  return TAXONOMIES.filter((t) => t.id === benchmarkId);
}
