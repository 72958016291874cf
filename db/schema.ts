/**
 * The database's tables on SQLite, the embedded default (the definitions are in
 * db/schema-kit/define.ts, shared with PostgreSQL's db/schema-pg.ts). drizzle-kit reads
 * this file for SQLite's migrations (db/migrations).
 */
import { defineSchema } from "./schema-kit/define";
import { sqliteKit } from "./schema-kit/kit";

export {
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  type StoredSubmissionStatus,
  AUDIT_ACTIONS,
  type AuditAction,
  REEVAL_JOB_STATUSES,
  type ReevalJobStatus,
  RUBRIC_JOB_STATUSES,
  type RubricJobStatus,
  RUBRIC_VERDICTS,
  type RubricVerdictKind,
  UPLOAD_JOB_STATES,
  type UploadJobState,
  LIMIT_SCOPES,
  type LimitScope,
  SESSION_KINDS,
  type SessionKind,
} from "./schema-kit/define";

export const {
  benchmarks,
  tasks,
  uploadTokens,
  submissions,
  submissionTasks,
  samples,
  sampleFacts,
  steps,
  hitLogs,
  sampleFailureModes,
  aggregates,
  canonicalTasks,
  auditEntries,
  reevalJobs,
  rubricJobs,
  rubricResults,
  uploadJobs,
  dataVersions,
  sampleTags,
  limitEvents,
  sessions,
} = defineSchema(sqliteKit);
