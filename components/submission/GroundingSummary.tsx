import { z } from "zod";
import { groundingFiguresSchema } from "@/lib/benchmarks/grounding";
import { ciBracket, percent, plural } from "@/lib/format";

/** The answer grounding its stored overall report holds; absent for a benchmark without it (WideSearch). */
const reportSchema = z.object({ grounding: groundingFiguresSchema.optional() }).loose();

/**
 * A submission's answer grounding (issue 30): how many correct answers a tool result held
 * before the run answered, how many came without one, and how many wrong runs had
 * retrieved the gold. Nothing when its report has none.
 */
export function GroundingSummary({ report }: { report: unknown }) {
  const grounding = reportSchema.parse(report).grounding;
  if (!grounding) return null;
  const { correct, groundedCorrect, ungroundedCorrect, goldRetrievedButWrong } = grounding;
  const ci = grounding.groundedCi;
  return (
    <section
      className="mt-3 rounded border border-slate-200 bg-white p-3 text-sm text-slate-700"
      data-testid="grounding"
      data-correct={correct}
      data-grounded-correct={groundedCorrect}
      data-ungrounded-correct={ungroundedCorrect}
      data-gold-retrieved-but-wrong={goldRetrievedButWrong}
      title="A final answer is grounded when a tool result returned before it contains it (NFKC, case and whitespace folded)"
    >
      <span className="font-medium">Answer grounding: </span>
      {groundedCorrect} of {plural(correct, "correct answer")} appeared in a tool result before the
      run answered ({percent(grounding.grounded)}
      {ci ? ` ${ciBracket(grounding.grounded, ci.lo, ci.hi, "rate")}` : ""}); {ungroundedCorrect}{" "}
      correct without a tool result holding it; {plural(goldRetrievedButWrong, "incorrect run")} had
      retrieved the gold answer.
    </section>
  );
}
