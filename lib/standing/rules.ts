/**
 * What a benchmark asks of a submission before its row is *verified*, as each module states
 * it (`standing`), and the check of one submission against those rules. Pure.
 */

/** A task of a benchmark version's canonical set, with its values of the splits boards view by. */
export interface CanonicalTask {
  taskKey: string;
  tier: string | null;
  language: string | null;
  /** The official question, when the task file includes it (a submission whose own differs is told so). */
  question?: string | null;
}

export interface StandingRules {
  /** Runs per task the paper's protocol asks for (WideSearch Avg@4: 4; EvoBrowseComp: 3). */
  readonly protocolRuns: number;
  /** Fewer tasks than this in a view: the row's figures are *preliminary*. */
  readonly minTasks: number;
  /** The task ids the benchmark publishes for a version; null where it publishes none (then an admin registers the official file). */
  readonly publishedTasks: (version: string) => readonly CanonicalTask[] | null;
  /** The paper's limit on tool calls per run, where it sets one (checked where the bundle records calls). */
  readonly toolCallLimit: { calls: number; source: string } | null;
  /** Least share of samples that must carry a trajectory. */
  readonly trajectoryShare: number;
  /** Verdicts come from an LLM judge, so the submission must declare its judge model. */
  readonly judgeDeclared: boolean;
}

export const CHECK_RULES = [
  "complete-task-set",
  "runs-per-task",
  "tool-call-limit",
  "judge-declared",
  "trajectories",
] as const;
export type CheckRule = (typeof CHECK_RULES)[number];

export interface Check {
  rule: CheckRule;
  ok: boolean;
  /** What was found, in words (shown on the row when the rule fails). */
  detail: string;
}

/**
 * What a submission's samples say, for its checks: over the view's tasks (a split view's
 * checks agree with its coverage), or over the whole version.
 */
export interface SubmissionFacts {
  /** Tasks of the set checked (the view's, else the version's canonical set) it has at least one run of, and the set's size. */
  canonicalCovered: number;
  canonicalTotal: number;
  /** How the canonical set is known. */
  basis: CoverageBasis;
  /**
   * No approved submission of the version sets its task set yet: the submission's own tasks
   * are the set (the first of a new QA dataset), never "0 / 0".
   */
  ownTasks: boolean;
  /** The view's tasks in words ("English"), when the checks are over a split; null: the whole version. */
  view: string | null;
  /** Over the whole version, the splits its runs cover alone, in words ("English tasks only"); null otherwise. */
  coveredOnly: string | null;
  /** Fewest and most runs of any task it ran. */
  fewestRuns: number;
  mostRuns: number;
  /** Runs that report their tool calls, and those over the limit. */
  runsWithCalls: number;
  runsOverLimit: number;
  samples: number;
  samplesWithTrajectory: number;
  judgeModel: string | null;
}

export type CoverageBasis = "published" | "registered" | "largest-submission";

export const BASIS_WORDS: Record<CoverageBasis, string> = {
  published: "the benchmark's published task ids",
  registered: "the official task file registered for this version",
  "largest-submission": "the largest approved submission (no official task set is registered)",
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The submission's checks, in rule order; a rule the bundle gives no evidence for (tool calls not recorded) is left out. */
export function checkSubmission(rules: StandingRules, facts: SubmissionFacts): Check[] {
  const checks: Check[] = [];
  checks.push({
    rule: "complete-task-set",
    ok: facts.canonicalTotal > 0 && facts.canonicalCovered === facts.canonicalTotal,
    detail: facts.ownTasks
      ? `${facts.canonicalCovered} / ${facts.canonicalTotal} tasks, its own: no approved submission of this version sets the task set yet`
      : `${facts.canonicalCovered} / ${facts.canonicalTotal} ${facts.view === null ? "" : `${facts.view} `}tasks of ${BASIS_WORDS[facts.basis]}${facts.coveredOnly === null ? "" : `: ${facts.coveredOnly}`}`,
  });
  checks.push({
    rule: "runs-per-task",
    ok: facts.fewestRuns >= rules.protocolRuns,
    detail: `${facts.fewestRuns === facts.mostRuns ? facts.fewestRuns : `${facts.fewestRuns}–${facts.mostRuns}`} run${facts.mostRuns === 1 ? "" : "s"} per task; the protocol asks for ${rules.protocolRuns}`,
  });
  if (rules.toolCallLimit && facts.runsWithCalls > 0) {
    checks.push({
      rule: "tool-call-limit",
      ok: facts.runsOverLimit === 0,
      detail: `${facts.runsOverLimit} of ${facts.runsWithCalls} runs exceed ${rules.toolCallLimit.calls} tool calls (${rules.toolCallLimit.source})`,
    });
  }
  if (rules.judgeDeclared) {
    checks.push({
      rule: "judge-declared",
      ok: facts.judgeModel !== null,
      detail: facts.judgeModel === null ? "no judge model declared" : `judge: ${facts.judgeModel}`,
    });
  }
  const share = facts.samples === 0 ? 0 : facts.samplesWithTrajectory / facts.samples;
  checks.push({
    rule: "trajectories",
    ok: share >= rules.trajectoryShare,
    detail: `${percent(share)} of samples have a trajectory; at least ${percent(rules.trajectoryShare)} required`,
  });
  return checks;
}
