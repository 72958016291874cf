import type { Db } from "../db/client";
import { getAggregates, getSubmission, listSampleMetrics, listWideSearchSampleMetrics, type AggregateRow, type SubmissionRow } from "../db/queries/submissions";
import { wideSearchSampleMetricsSchema } from "../lib/benchmarks/widesearch/stored";
import { evoStoredSampleSchema } from "../lib/benchmarks/evobrowsecomp/stored";
import { infoMosaicStoredSampleSchema } from "../lib/benchmarks/infomosaic/stored";
import { qaDatasetOf, qaStoredSampleSchema } from "../lib/benchmarks/qa/stored";
import { webDetectiveStoredSampleSchema } from "../lib/benchmarks/webdetective/stored";
import type { WebDetectiveReport } from "../lib/benchmarks/webdetective/metrics";
import type { EvoReport } from "../lib/benchmarks/evobrowsecomp/metrics";
import type { QaReport } from "../lib/benchmarks/qa/metrics";
import type { InfoMosaicReport, InfoMosaicStats } from "../lib/benchmarks/infomosaic/metrics";

const SEEKBOARD_REPORTS = new Set(["webdetective", "evobrowsecomp", "qa", "infomosaic"]);

/**
 * The contracts of WebDetective, EvoBrowseComp, InfoMosaic and generic QA: `aggregate`
 * holds exactly the contract's keys; the rest of the stored report follows as `report`;
 * samples are keyed by taskId and run with the per-sample fields the aggregate comes from.
 */
function seekboardReport(db: Db, submission: SubmissionRow, rows: AggregateRow[]) {
  const overall = rows.find((a) => a.split === "overall");
  if (!overall?.metrics) throw new Error(`submission ${submission.id} has no aggregates`);
  const stored = listWideSearchSampleMetrics(db, submission.id);
  const base = { benchmark: submission.benchmarkId, submission: submissionJson(submission), importNotes: submission.importNotes };
  switch (submission.benchmarkId) {
    case "webdetective": {
      const report = overall.metrics as unknown as WebDetectiveReport;
      const a = report.aggregate;
      return {
        ...base,
        aggregate: {
          knowledgeScore: a.knowledgeScore,
          searchScore: a.searchScore,
          generationScore: a.generationScore,
          goodRefusalF1: a.goodRefusalF1,
          knowledgeUtilizationF1: a.knowledgeUtilizationF1,
          forgetRate: a.forgetRate,
          leadAstrayRate: a.leadAstrayRate,
          pass1: a.pass1,
          n: a.n,
        },
        ci: report.ci,
        report: { counts: report.counts, goodRefusal: report.goodRefusal, knowledgeUtilization: report.knowledgeUtilization, forgetShareOfS: report.forgetShareOfS, leadAstrayShareOfS: report.leadAstrayShareOfS, emptyDenominators: report.emptyDenominators, regions: report.regions, levels: report.levels, profile: report.profile, unjudged: report.unjudged },
        samples: stored.map((s) => {
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
    case "evobrowsecomp": {
      const report = overall.metrics as unknown as EvoReport;
      const a = report.aggregate;
      return {
        ...base,
        aggregate: { accuracy: a.accuracy, exceedRatio: a.exceedRatio, n: a.n, runs: a.runs },
        report: { benchmarkVersion: report.benchmarkVersion, overall: report.overall, cells: report.cells, byLanguage: report.byLanguage, bySetting: report.bySetting, calibration: report.calibration, samples: report.samples, unjudged: report.unjudged },
        samples: stored.map((s) => {
          const m = evoStoredSampleSchema.parse(s.metrics);
          return {
            taskId: s.taskKey,
            run: s.run,
            language: m.language,
            setting: m.setting,
            verdict: m.verdict,
            correct: m.verdict === "correct",
            toolCalls: m.toolCalls,
            toolCallLimit: m.toolCallLimit,
            exceeded: m.exceeded,
            confidence: m.statedConfidence ?? m.judgeConfidence,
            domain: m.domain,
            status: s.status,
          };
        }),
      };
    }
    case "qa": {
      const report = overall.metrics as unknown as QaReport;
      const a = report.aggregate;
      return {
        ...base,
        dataset: qaDatasetOf(submission.benchmarkVersion).dataset,
        aggregate: { accuracy: a.accuracy, calibrationError: a.calibrationError, n: a.n },
        report: { accuracyCi: report.accuracyCi, calibrationErrorCi: report.calibrationErrorCi, calibration: report.calibration, samples: report.samples, runs: report.runs, unjudged: report.unjudged },
        samples: stored.map((s) => {
          const m = qaStoredSampleSchema.parse(s.metrics);
          return { taskId: s.taskKey, run: s.run, verdict: m.verdict, correct: m.verdict === "correct", confidence: m.statedConfidence ?? m.judgeConfidence, toolCalls: m.toolCalls, status: s.status };
        }),
      };
    }
    default: {
      const report = overall.metrics as unknown as InfoMosaicReport & Record<string, unknown>;
      const a = report.aggregate;
      return {
        ...base,
        aggregate: { accuracy: a.accuracy, passRate: a.passRate, n: a.n },
        report: { overall: report.overall, toolOutcomes: report.toolOutcomes, byToolCalls: report.byToolCalls, heatmap: report.heatmap },
        splits: Object.fromEntries(
          rows.filter((r) => r.split !== "overall").map((r) => {
            const st = r.metrics as unknown as InfoMosaicStats;
            return [r.split, { accuracy: st.accuracy, passRate: st.passRate, n: st.n, passRateN: st.passRateN, accuracyCi: st.accuracyCi, passRateCi: st.passRateCi }];
          }),
        ),
        samples: stored.map((s) => {
          const m = infoMosaicStoredSampleSchema.parse(s.metrics);
          return { taskId: s.taskKey, run: s.run, domain: m.domain, score: m.score, correct: m.score === 2, passRate: m.passRate, toolCalls: m.toolCallTurns, numToolCalls: m.numToolCalls, status: s.status };
        }),
      };
    }
  }
}

function aggregateJson(a: AggregateRow) {
  return {
    n: a.n,
    pass1: a.pass1,
    pass1Ci: a.pass1Lo === null ? null : [a.pass1Lo, a.pass1Hi],
    fcr: a.fcr,
    fcrCi: a.fcrLo === null ? null : [a.fcrLo, a.fcrHi],
    fcrN: a.fcrN,
    hitRate: a.hitRate,
    hitRateCi: a.hitRateLo === null ? null : [a.hitRateLo, a.hitRateHi],
    toolCalls: a.toolCalls,
    toolCallsCi: a.toolCallsLo === null ? null : [a.toolCallsLo, a.toolCallsHi],
    compoundRate: a.compoundRate,
    zeroCallSamples: a.zeroCallSamples,
    statusCounts: a.statusCounts,
  };
}

/** WideSearch's contract: aggregate {successAvg, successPass, rowF1Avg, …, n, runs}; samples keyed by instance_id. */
function wideSearchReport(db: Db, submission: SubmissionRow, rows: AggregateRow[]) {
  const splitJson = (a: AggregateRow) => ({ ...(a.metrics ?? {}) });
  const overall = rows.find((a) => a.split === "overall");
  if (!overall) throw new Error(`submission ${submission.id} has no aggregates`);
  return {
    benchmark: submission.benchmarkId,
    submission: submissionJson(submission),
    aggregate: splitJson(overall),
    splits: Object.fromEntries(rows.filter((a) => a.split !== "overall").map((a) => [a.split, splitJson(a)])),
    importNotes: submission.importNotes,
    samples: listWideSearchSampleMetrics(db, submission.id).map((s) => {
      const m = wideSearchSampleMetricsSchema.parse(s.metrics);
      return {
        taskId: s.taskKey,
        run: s.run,
        success: m.success,
        rowPrecision: m.rowPrecision,
        rowRecall: m.rowRecall,
        rowF1: m.rowF1,
        itemPrecision: m.itemPrecision,
        itemRecall: m.itemRecall,
        itemF1: m.itemF1,
        ...(m.reason ? { reason: m.reason } : {}),
        status: s.status,
        complete: m.complete,
        searchCalls: m.searchCalls,
        browseCalls: m.browseCalls,
      };
    }),
  };
}

function submissionJson(submission: SubmissionRow) {
  return {
    id: submission.id,
    model: submission.model,
    agent: submission.agent,
    setting: submission.setting,
    benchmarkVersion: submission.benchmarkVersion,
    status: submission.status,
  };
}

/** The `metrics --json` contract: rates as fractions, taskId the benchmark's own task id as a string. */
export function metricsReport(db: Db, submissionId: number) {
  const submission = getSubmission(db, submissionId);
  if (!submission) throw new Error(`no submission ${submissionId}`);
  const rows = getAggregates(db, submissionId);
  if (submission.benchmarkId === "widesearch") return wideSearchReport(db, submission, rows);
  if (SEEKBOARD_REPORTS.has(submission.benchmarkId)) return seekboardReport(db, submission, rows);
  const overall = rows.find((a) => a.split === "overall");
  if (!overall) throw new Error(`submission ${submissionId} has no aggregates`);
  return {
    benchmark: submission.benchmarkId,
    submission: submissionJson(submission),
    aggregate: aggregateJson(overall),
    splits: Object.fromEntries(rows.filter((a) => a.split !== "overall").map((a) => [a.split, aggregateJson(a)])),
    samples: listSampleMetrics(db, submissionId).map(({ taskKey, ...sample }) => ({ taskId: taskKey, ...sample })),
  };
}
