/** The paper's failure taxonomy, as tags a maintainer applies to samples: names and definitions are the paper's own (shortened to one line). */
import type { TaxonomyDefinition } from "../judging";

export const webDetectiveTaxonomy: TaxonomyDefinition = {
  name: "WebDetective failure patterns",
  // WebDetective Appendix B, "Failure case studies": four recurring failure patterns.
  source: "WebDetective App. B",
  tags: [
    {
      name: "Instruction Drift in Long Trajectories",
      definition:
        "After 15+ tool calls, loses track of the original question and pursues tangential information.",
    },
    {
      name: "Premature Satisfaction",
      definition:
        "Stops searching after finding plausible partial information and answers without the complete reasoning chain.",
    },
    {
      name: "Entity Confusion",
      definition:
        "Conflates similarly named entities or misses the information that disambiguates them.",
    },
    {
      name: "Context Window Pollution",
      definition:
        "Failed searches and irrelevant exploration fill the context with noise that disrupts synthesis.",
    },
  ],
};
