/** WideSearch's published task ids: 100 English and 100 Chinese tasks (`ws_en_001…100`, `ws_zh_001…100`). Pure. */
import type { CanonicalTask } from "../../standing/rules";

const ids = (language: "en" | "zh"): CanonicalTask[] =>
  Array.from({ length: 100 }, (_, i) => ({
    taskKey: `ws_${language}_${String(i + 1).padStart(3, "0")}`,
    tier: null,
    language,
  }));

const V1: readonly CanonicalTask[] = [...ids("en"), ...ids("zh")];

/** The task set of a version; only v1 (the paper's release) is published. */
export function wideSearchPublishedTasks(version: string): readonly CanonicalTask[] | null {
  return version === "v1" ? V1 : null;
}
