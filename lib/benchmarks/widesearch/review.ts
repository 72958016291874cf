/** WideSearch's call timeline and diagnosis: searches and opened pages, and the table diff's missing rows and wrong cells. */
import { z } from "zod";
import { callFailed, callsOf, repeatedQueries } from "../../trajectory/calls";
import { dataRecord } from "../../data-record";
import type { ToolKind } from "../../trajectory/tools";
import {
  answerItems,
  CALL,
  ERROR,
  NO_REPLY,
  NO_RESULTS,
  PAGE_OPENED,
  replyOutcome,
  SEARCH_RESULTS,
  plural,
  REPEATED_QUERY,
  trajectoryItems,
  type DiagnosisItem,
  type ReviewedSample,
  type TrajectoryReview,
} from "../review";
import { toolCallCounts } from "./trajectory";

/** A call's kind by its tool name, as `toolCallCounts` counts it; the bundle records no rows gained per call. */
function kindOf(name: string | null): ToolKind {
  const counts = toolCallCounts(
    [
      {
        kind: "tool_call",
        role: "assistant",
        callIndex: 0,
        name,
        arguments: null,
        query: null,
        raw: "",
        malformed: null,
      },
    ],
    null,
  );
  return counts.search ? "search" : counts.browse ? "open" : "other";
}

const keyText = (key: Record<string, string>) => Object.values(key).join(" · ");
const cellScore = z.union([z.number(), z.literal("unscored")]);
/** The part of the stored table diff (`samples.detail.score`, WideSearchSampleScore) the diagnosis reads. */
export const wideSearchDetailSchema = z.object({
  score: z
    .object({
      status: z.string(),
      reason: z.string().nullable(),
      counts: z.object({ goldRows: z.number(), matchedRows: z.number(), predRows: z.number() }),
      rows: z.array(
        z.object({
          key: dataRecord(z.string()),
          cells: z.array(
            z.object({
              column: z.string(),
              predicted: z.string(),
              gold: z.string(),
              isKey: z.boolean(),
              score: cellScore,
            }),
          ),
        }),
      ),
      missingGoldRows: z.array(z.object({ key: dataRecord(z.string()) })),
      extraPredictedRows: z.array(z.object({ key: dataRecord(z.string()) })),
    })
    .nullable(),
});

/** At most this many rows or cells are named in one item; the table diff below lists them all. */
const NAMED = 5;
const named = (names: string[]) =>
  names.slice(0, NAMED).join("; ") +
  (names.length > NAMED ? `; … ${names.length - NAMED} more` : "");

export function wideSearchDiagnosis(sample: ReviewedSample): { items: DiagnosisItem[] } {
  const items: DiagnosisItem[] = [];
  const detail = wideSearchDetailSchema.safeParse(sample.detail ?? {});
  const score = detail.success ? detail.data.score : null;
  if (score && score.status !== "scored")
    items.push({
      text: `not scored (${score.status})${score.reason ? `: ${score.reason}` : ""}`,
      callIndex: null,
    });
  if (score && score.status === "scored") {
    if (score.missingGoldRows.length)
      items.push({
        text: `${plural(score.missingGoldRows.length, "gold row")} of ${score.counts.goldRows} missing: ${named(score.missingGoldRows.map((r) => keyText(r.key)))}`,
        callIndex: null,
      });
    const wrong = score.rows.flatMap((r) =>
      r.cells
        .filter((c) => !c.isKey && c.score !== "unscored" && c.score < 1)
        .map((c) => `${keyText(r.key)} · ${c.column}: “${c.predicted}”, gold “${c.gold}”`),
    );
    if (wrong.length)
      items.push({
        text: `${plural(wrong.length, "wrong cell")} in matched rows: ${named(wrong)}`,
        callIndex: null,
      });
    if (score.extraPredictedRows.length)
      items.push({
        text: `${plural(score.extraPredictedRows.length, "predicted row")} not in the gold table: ${named(score.extraPredictedRows.map((r) => keyText(r.key)))}`,
        callIndex: null,
      });
  }
  if (sample.steps.length) {
    const pages = callsOf(sample.steps).filter((c) => kindOf(c.name) === "open").length;
    items.push({ text: `${plural(pages, "page")} opened`, callIndex: null });
  }
  items.push(...trajectoryItems(sample), ...answerItems(sample));
  return { items };
}

export const wideSearchReview: TrajectoryReview = {
  outcomes: [SEARCH_RESULTS, PAGE_OPENED, CALL, NO_RESULTS, NO_REPLY, REPEATED_QUERY, ERROR],
  calls: (sample) => {
    const calls = callsOf(sample.steps);
    const repeats = repeatedQueries(calls);
    return calls.map((c) => ({
      call: c.callIndex,
      outcome: (callFailed(c)
        ? ERROR
        : repeats.has(c.callIndex)
          ? REPEATED_QUERY
          : replyOutcome(c, kindOf(c.name))
      ).key,
    }));
  },
  diagnosis: wideSearchDiagnosis,
};
