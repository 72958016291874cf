/** The paper's failure taxonomy, as tags a maintainer applies to samples: names and definitions are the paper's own (shortened to one line). */
import type { TaxonomyDefinition } from "../judging";

export const infoMosaicTaxonomy: TaxonomyDefinition = {
  name: "InfoMosaic-Bench failure types",
  // InfoMosaic-Bench §5.3.3 (the six short labels) and Appendix A.5 (their definitions).
  source: "InfoMosaic-Bench §5.3.3, App. A.5",
  tags: [
    {
      name: "Retrieval Miss",
      definition:
        "Fails to extract key information already present in the tool or knowledge base, often answering “cannot determine”.",
    },
    {
      name: "Tool Misuse",
      definition:
        "Misinterprets tool outputs or gives incorrect parameters or commands, leading to irrelevant or erroneous results.",
    },
    {
      name: "Reasoning Gap",
      definition:
        "Retrieves the right fragments but does not link them coherently: logical jumps, causal confusion, inconsistent conclusions.",
    },
    {
      name: "Confirmation Bias",
      definition:
        "Emphasizes evidence for its initial hypothesis while downplaying or ignoring contradictory tool outputs.",
    },
    {
      name: "Overgeneralization",
      definition:
        "Overgeneralization and hallucination: insufficient evidence leads to unfounded guesses or fabricated details.",
    },
    {
      name: "Context Misread",
      definition:
        "Instruction and context misunderstanding: misreads the user's intent, giving a partly correct but irrelevant answer.",
    },
  ],
};
