/** WebDetective's `metrics --json` report: the paper's scores as `aggregate`, the rest of the stored report, each sample's diagnostics. */
import {
  overallFigures,
  pick,
  reportBase,
  type MetricsReportInput,
} from "../../export/metrics-report";
import { webDetectiveStoredSampleSchema } from "./stored";

export function webDetectiveMetricsReport(input: MetricsReportInput) {
  const report = overallFigures(input);
  return {
    ...reportBase(input),
    aggregate: pick(report.aggregate, [
      "knowledgeScore",
      "searchScore",
      "generationScore",
      "goodRefusalF1",
      "knowledgeUtilizationF1",
      "forgetRate",
      "leadAstrayRate",
      "pass1",
      "n",
    ]),
    ci: report.ci,
    report: pick(report, [
      "counts",
      "goodRefusal",
      "knowledgeUtilization",
      "forgetShareOfS",
      "leadAstrayShareOfS",
      "emptyDenominators",
      "regions",
      "levels",
      "profile",
      "unjudged",
    ]),
    samples: input.storedSamples().map((s) => {
      const m = webDetectiveStoredSampleSchema.parse(s.metrics);
      return {
        taskId: s.taskKey,
        run: s.run,
        verdict: m.verdict,
        correct: m.response === "correct",
        refused: m.refused,
        searched: m.searched,
        hopsUsed: m.hopsUsed,
        hopsGt: m.hopsGt,
        cleanEvidenceCorrect: m.cleanEvidenceCorrect,
        evidence: m.evidence,
        knowledgeSufficient: m.knowledgeSufficient,
        region: m.region,
        response: m.response,
        missingEvidence: m.missingEvidence,
        searchCredit: m.searchCredit,
        degradation: m.degradation,
        status: s.status,
      };
    }),
  };
}
