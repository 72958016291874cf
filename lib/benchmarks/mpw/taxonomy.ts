/** The paper's failure taxonomy, as tags a maintainer applies to samples: names and definitions are the paper's own (shortened to one line). */
import type { TaxonomyDefinition } from "../judging";

export const mpwTaxonomy: TaxonomyDefinition = {
  name: "MPW-Bench diagnostics",
  // MPW §4.4 ("a clear tendency of premature stopping") and §4.5 ("repeatedly issue low-yield queries").
  source: "MPW §4.4–4.5",
  tags: [
    {
      name: "Premature Stop",
      definition:
        "Outputs a final answer before collecting sufficient evidence coverage (when-to-stop failure).",
    },
    {
      name: "Low-yield Queries",
      definition:
        "Keeps issuing queries that cover no new atomic facts (compound or unmatched) without adjusting its querying strategy.",
    },
  ],
};
