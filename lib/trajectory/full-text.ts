/**
 * Long step texts are sent to the browser cut to their preview; the full text is read,
 * when a reader asks for it, from the sample API (`GET /api/s/<id>/t/<task>?run=N`), whose
 * answer holds every step in order. Pure: where a text sits in that answer.
 */

/** Where a text's full version is: the sample API's URL and the path to it inside the answer. */
export interface FullTextSource {
  url: string;
  path: (string | number)[];
}

/** The sample API's URL for one sample: what the trajectory page's texts expand from. */
export function sampleApiUrl(submissionId: number, taskKey: string, run: number): string {
  return `/api/s/${submissionId}/t/${encodeURIComponent(taskKey)}?run=${run}`;
}

/** The string at `path` inside a parsed answer, or null when the path leads elsewhere. */
export function textAt(value: unknown, path: readonly (string | number)[]): string | null {
  let at: unknown = value;
  for (const key of path) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, key)) return null;
    at = (at as Record<string | number, unknown>)[key];
  }
  return typeof at === "string" ? at : null;
}
