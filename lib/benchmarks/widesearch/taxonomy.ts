/** The paper's failure taxonomy, as tags a maintainer applies to samples: names and definitions are the paper's own (shortened to one line). */
import type { TaxonomyDefinition } from "../judging";

export const wideSearchTaxonomy: TaxonomyDefinition = {
  name: "WideSearch failure modes",
  // WideSearch §5.1 (advanced agentic capabilities) and §5.2 (basic failure modes).
  source: "WideSearch §5.1–5.2",
  tags: [
    // §5.1: failures of the advanced agentic capabilities.
    {
      name: "Incomplete Query Decomposition",
      definition:
        "Fails to decompose the intent into a comprehensive set of sub-queries, missing key constraints or scopes.",
    },
    {
      name: "Lack of Reflection and Iterative Refinement",
      definition:
        "Abandons the search after an initial failed attempt instead of reformulating, and answers on incomplete information.",
    },
    {
      name: "Failure in Evidence Utilization",
      definition:
        "Does not ground the answer in retrieved evidence: misreads or disregards a source, or misapplies one without validating its context.",
    },
    {
      name: "Knowledge Hallucination and Factual Inconsistency",
      definition:
        "Falls back on internal knowledge when search finds nothing, fabricating facts or contradicting established ones.",
    },
    // §5.2: basic failure modes.
    {
      name: "Tool Invocation Error",
      definition:
        "Malformed parameters, missing arguments or a non-existent tool make the API call fail.",
    },
    {
      name: "Output Formatting Error",
      definition: "Ignores the required output format, e.g. no Markdown table or a malformed one.",
    },
    {
      name: "Context Length Exceedance",
      definition:
        "Verbose steps or ineffective loops push the input past the context window and end the task.",
    },
    {
      name: "Response Refusal",
      definition:
        "Refuses: asks for clarification of a perceived ambiguity, or deems the answer too large to give.",
    },
  ],
};
