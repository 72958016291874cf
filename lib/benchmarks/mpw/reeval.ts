/** Re-scoring an MPW sample: its hit log re-read into FCR and HitRate; the verdict stays the judge's. Pure. */
import type { JudgeOutcome, ReevalSample } from "../stored";
import { mpwSampleMetrics } from "./metrics";

export function rescoreMpw(sample: ReevalSample): JudgeOutcome {
  const m = mpwSampleMetrics({
    atomicFactKeys: Object.keys(sample.atomicFacts),
    hitLog: sample.hitLog(),
    toolCalls: sample.toolCalls,
  });
  return {
    state: {
      fcr: m.fcr,
      hitRate: m.hitRate,
      hits: m.hits,
      hitLogCalls: m.hitLogCalls,
      factCount: m.factCount,
      factsCovered: m.factsCovered,
      compoundRate: m.compoundRate,
      tier: m.tier,
      firstCoveredAt: m.firstCoveredAt,
      newFactsByCall: m.newFactsByCall,
      hitsByCall: m.hitsByCall,
    },
    rationale: `hit log re-read: ${m.factsCovered}/${m.factCount} facts covered, ${m.hits}/${m.hitLogCalls} calls hit (the verdict stays the judge's)`,
    judgeConfig: { scorer: "MPW hit-log metrics (FCR, HitRate)" },
  };
}
