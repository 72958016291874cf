/**
 * The seed benchmarks' failure taxonomies, as tags a maintainer applies to samples. Names
 * and definitions are the papers' own (shortened to one line); the section each comes
 * from is beside it.
 */

export const TAXONOMY_IDS = ["widesearch", "infomosaic", "webdetective", "mpw"] as const;
export type TaxonomyId = (typeof TAXONOMY_IDS)[number];

export interface TaxonomyTag {
  name: string;
  definition: string;
}

export interface Taxonomy {
  id: TaxonomyId;
  name: string;
  /** Where in the paper the categories are defined. */
  source: string;
  tags: readonly TaxonomyTag[];
}

export const TAXONOMIES: readonly Taxonomy[] = [
  {
    id: "widesearch",
    name: "WideSearch failure modes",
    // WideSearch §5.1 (advanced agentic capabilities) and §5.2 (basic failure modes).
    source: "WideSearch §5.1–5.2",
    tags: [
      { name: "Incomplete Query Decomposition", definition: "Fails to decompose the intent into a comprehensive set of sub-queries, missing key constraints or scopes." },
      { name: "Lack of Reflection and Iterative Refinement", definition: "Abandons the search after an initial failed attempt instead of reformulating, and answers on incomplete information." },
      { name: "Failure in Evidence Utilization", definition: "Does not ground the answer in retrieved evidence: misreads or disregards a source, or misapplies one without validating its context." },
      { name: "Knowledge Hallucination and Factual Inconsistency", definition: "Falls back on internal knowledge when search finds nothing, fabricating facts or contradicting established ones." },
      { name: "Tool Invocation Error", definition: "Malformed parameters, missing arguments or a non-existent tool make the API call fail." },
      { name: "Output Formatting Error", definition: "Ignores the required output format, e.g. no Markdown table or a malformed one." },
      { name: "Context Length Exceedance", definition: "Verbose steps or ineffective loops push the input past the context window and end the task." },
      { name: "Response Refusal", definition: "Refuses: asks for clarification of a perceived ambiguity, or deems the answer too large to give." },
    ],
  },
  {
    id: "infomosaic",
    name: "InfoMosaic-Bench failure types",
    // InfoMosaic-Bench §5.3.3 (the six short labels) and Appendix A.5 (their definitions).
    source: "InfoMosaic-Bench §5.3.3, App. A.5",
    tags: [
      { name: "Retrieval Miss", definition: "Fails to extract key information already present in the tool or knowledge base, often answering “cannot determine”." },
      { name: "Tool Misuse", definition: "Misinterprets tool outputs or gives incorrect parameters or commands, leading to irrelevant or erroneous results." },
      { name: "Reasoning Gap", definition: "Retrieves the right fragments but does not link them coherently: logical jumps, causal confusion, inconsistent conclusions." },
      { name: "Confirmation Bias", definition: "Emphasizes evidence for its initial hypothesis while downplaying or ignoring contradictory tool outputs." },
      { name: "Overgeneralization", definition: "Overgeneralization and hallucination: insufficient evidence leads to unfounded guesses or fabricated details." },
      { name: "Context Misread", definition: "Instruction and context misunderstanding: misreads the user's intent, giving a partly correct but irrelevant answer." },
    ],
  },
  {
    id: "webdetective",
    name: "WebDetective failure patterns",
    // WebDetective Appendix B, "Failure case studies": four recurring failure patterns.
    source: "WebDetective App. B",
    tags: [
      { name: "Instruction Drift in Long Trajectories", definition: "After 15+ tool calls, loses track of the original question and pursues tangential information." },
      { name: "Premature Satisfaction", definition: "Stops searching after finding plausible partial information and answers without the complete reasoning chain." },
      { name: "Entity Confusion", definition: "Conflates similarly named entities or misses the information that disambiguates them." },
      { name: "Context Window Pollution", definition: "Failed searches and irrelevant exploration fill the context with noise that disrupts synthesis." },
    ],
  },
  {
    id: "mpw",
    name: "MPW-Bench diagnostics",
    // MPW §4.4 ("a clear tendency of premature stopping") and §4.5 ("repeatedly issue low-yield queries").
    source: "MPW §4.4–4.5",
    tags: [
      { name: "Premature Stop", definition: "Outputs a final answer before collecting sufficient evidence coverage (when-to-stop failure)." },
      { name: "Low-yield Queries", definition: "Keeps issuing queries that cover no new atomic facts (compound or unmatched) without adjusting its querying strategy." },
    ],
  },
];

/** A stored taxonomy id read back: a value this code never writes is a corrupt row, not a free tag. */
export function taxonomyIdOf(value: string | null): TaxonomyId | null {
  if (value === null) return null;
  if (!(TAXONOMY_IDS as readonly string[]).includes(value)) throw new Error(`unknown taxonomy "${value}" in sample_tags`);
  return value as TaxonomyId;
}

export interface ResolvedTag {
  tag: string;
  /** The taxonomy the tag belongs to, or null for a free tag. */
  taxonomy: TaxonomyId | null;
}

/** The taxonomy tag a name denotes (case-insensitively), or undefined for a free tag. */
export function findTaxonomyTag(name: string): { taxonomy: Taxonomy; tag: TaxonomyTag } | undefined {
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
  return found ? { tag: found.tag.name, taxonomy: found.taxonomy.id } : { tag: name, taxonomy: null };
}

/** The taxonomy listed first for a benchmark's samples (its own), then the others. */
export function taxonomiesFor(benchmarkId: string): Taxonomy[] {
  const own = TAXONOMIES.filter((t) => t.id === benchmarkId);
  return [...own, ...TAXONOMIES.filter((t) => t.id !== benchmarkId)];
}
