import type { TaskText } from "@/db/queries/trajectory";
import { ExpandableText } from "./ExpandableText";

/**
 * A sample's question as its own submission gave it, never another submission's. A
 * submission without one (a results-only run) says so, and shows the official question
 * (a registered task set's) as that, when there is one; a question that differs from the
 * official one says so.
 */
export function TaskQuestion({ text, limit }: { text: TaskText; limit: number }) {
  if (text.question === null)
    return (
      <>
        <p className="mt-1 text-slate-500" data-testid="question-not-included">
          question not included in this submission
        </p>
        {text.canonicalQuestion !== null ? (
          <div className="mt-2" data-testid="canonical-question">
            <p className="text-xs text-slate-500">The benchmark&apos;s official question:</p>
            <ExpandableText text={text.canonicalQuestion} limit={limit} />
          </div>
        ) : null}
      </>
    );
  return (
    <>
      <ExpandableText text={text.question} limit={limit} testId="question" />
      {text.canonicalQuestion !== null && text.canonicalQuestion !== text.question ? (
        <p className="mt-2 text-xs text-amber-800" data-testid="question-differs">
          This submission&apos;s question differs from the benchmark&apos;s canonical one.
        </p>
      ) : null}
    </>
  );
}
