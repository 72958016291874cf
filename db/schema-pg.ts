/**
 * The database's tables on PostgreSQL, built from the same definitions as SQLite's
 * (db/schema-kit/define.ts). drizzle-kit reads this file for PostgreSQL's migrations
 * (db/migrations-pg). Typed as SQLite's tables (`SchemaKit`) so the code has one set of
 * row types; at run time they are PostgreSQL tables, which is what drizzle-kit checks.
 */
import { defineSchema } from "./schema-kit/define";
import { postgresKit, type SchemaKit } from "./schema-kit/kit";

// The kits differ in their builders' types, not in the columns they describe.
const kit = postgresKit as unknown as SchemaKit;

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
} = defineSchema(kit);
