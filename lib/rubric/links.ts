import { stepPageOf } from "../trajectory/reading";
import { sampleHref } from "../url/samples";

/** A cited step on its run's trajectory page: the page of steps that holds it, scrolled to its element. */
export function citedStepHref(
  submissionId: number,
  taskKey: string,
  run: number,
  cited: { ordinal: number; anchor: string },
): string {
  const href = sampleHref(submissionId, taskKey, run);
  const page = stepPageOf(cited.ordinal);
  const steps = page > 1 ? `${href.includes("?") ? "&" : "?"}steps=${page}` : "";
  return `${href}${steps}#${cited.anchor}`;
}
