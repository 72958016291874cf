/**
 * Every table, defined once and built with an engine's kit (./kit.ts): SQLite's for the
 * embedded default (db/schema.ts), PostgreSQL's (db/schema-pg.ts). drizzle-kit generates
 * each engine's migrations from its own file (drizzle.config.ts, drizzle.pg.config.ts).
 */
// Type only: drizzle-kit loads this file, and the registry reaches every importer.
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import type { Step } from "../../lib/trajectory/steps";
import type { SchemaKit } from "./kit";

export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
/**
 * A stored submission's status: one of the above, or `importing` while its samples are
 * written in batches — seen by no one, moderated by no one, until the import publishes it.
 */
export type StoredSubmissionStatus = SubmissionStatus | "importing";

export const AUDIT_ACTIONS = [
  "rejudge",
  "rescore",
  "adjudicate",
  "gold-fix",
  "reevaluate",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const REEVAL_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ReevalJobStatus = (typeof REEVAL_JOB_STATUSES)[number];

export const RUBRIC_JOB_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type RubricJobStatus = (typeof RUBRIC_JOB_STATUSES)[number];
/** A run's rubric verdict; `unreadable`: the judge's reply was not the asked-for JSON. */
export const RUBRIC_VERDICTS = ["match", "no-match", "unreadable"] as const;
export type RubricVerdictKind = (typeof RUBRIC_VERDICTS)[number];

export const UPLOAD_JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type UploadJobState = (typeof UPLOAD_JOB_STATES)[number];

/** What a limit counts: an upload by a team token, a wrong admin token by a client. */
export const LIMIT_SCOPES = ["upload", "admin-failure"] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

/** Who a browser session signs in: the admin, or a team (with one of its upload tokens). */
export const SESSION_KINDS = ["admin", "team"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** The tables, built with `k`. */
export function defineSchema(k: SchemaKit) {
  const benchmarks = k.table("benchmarks", {
    id: k.text().primaryKey(),
    name: k.text().notNull(),
    description: k.text().notNull(),
  });

  const tasks = k.table(
    "tasks",
    {
      id: k.id(),
      benchmarkId: k
        .text("benchmark_id")
        .notNull()
        .references(() => benchmarks.id),
      benchmarkVersion: k.text("benchmark_version").notNull(),
      /** The benchmark's own task id (MPW: the record's `index` as a string). */
      taskKey: k.text("task_key").notNull(),
      /** The gold answer runs are re-judged against (an admin's gold fix changes it); each submission's own is in `submission_tasks`. */
      goldAnswer: k.text("gold_answer"),
      atomicFacts: k.json("atomic_facts").$type<Record<string, string>>().notNull(),
      factCount: k.int("fact_count").notNull(),
      tier: k.text(),
      category: k.text(),
      language: k.text(),
      /** Benchmark-specific task data (e.g. a WideSearch gold table and its evaluation pipeline). */
      extra: k.json().$type<Record<string, unknown>>(),
    },
    (t) => [k.uniqueIndex("tasks_benchmark_key").on(t.benchmarkId, t.benchmarkVersion, t.taskKey)],
  );

  /** Per-team upload tokens; only a hash of the token is stored. */
  const uploadTokens = k.table(
    "upload_tokens",
    {
      id: k.id(),
      team: k.text().notNull(),
      tokenHash: k.text("token_hash").notNull(),
      createdAt: k.text("created_at").notNull(),
      revokedAt: k.text("revoked_at"),
      lastUsedAt: k.text("last_used_at"),
    },
    (t) => [k.uniqueIndex("upload_tokens_hash").on(t.tokenHash)],
  );

  const submissions = k.table(
    "submissions",
    {
      id: k.id(),
      benchmarkId: k
        .text("benchmark_id")
        .$type<BenchmarkId>()
        .notNull()
        .references(() => benchmarks.id),
      benchmarkVersion: k.text("benchmark_version").notNull(),
      model: k.text().notNull(),
      agent: k.text(),
      setting: k.text().notNull(),
      bundleHash: k.text("bundle_hash").notNull(),
      uploadedAt: k.text("uploaded_at").notNull(),
      status: k.text().$type<StoredSubmissionStatus>().notNull(),
      /** How the bundle arrived: cli, demo, upload. */
      source: k.text().notNull(),
      sampleCount: k.int("sample_count").notNull(),
      taskCount: k.int("task_count").notNull(),
      /** Most runs of any one task. */
      runs: k.int().notNull(),
      /** The team token that uploaded it (null: CLI or demo). */
      uploaderTokenId: k.int("uploader_token_id").references(() => uploadTokens.id),
      moderationReason: k.text("moderation_reason"),
      moderatedAt: k.text("moderated_at"),
      /** What the importer noticed without rejecting the bundle (e.g. a producer's summary it could not reproduce). */
      importNotes: k.json("import_notes").$type<Record<string, unknown>>(),
      /** The judge model the bundle declares (its manifest's `judgeModel`, else the one its samples' judge fields name). */
      judgeModel: k.text("judge_model"),
      /** Bumped whenever the submission's samples' figures are recomputed (ingest, re-evaluation, undo): keys what is derived from them. */
      revision: k.int().notNull().default(0),
      /** While importing: when its last batch committed (an import older than a minute died and is removed). */
      importHeartbeatAt: k.text("import_heartbeat_at"),
    },
    (t) => [
      k.uniqueIndex("submissions_bundle_hash").on(t.bundleHash),
      k.index("submissions_board").on(t.benchmarkId, t.status, t.setting),
    ],
  );

  /**
   * A task as one submission's bundle states it: its question and gold answer (null: the
   * bundle did not include them, as a results-only run does). What that submission's pages
   * show; another submission's text never stands in for it.
   */
  const submissionTasks = k.table(
    "submission_tasks",
    {
      submissionId: k
        .int("submission_id")
        .notNull()
        .references(() => submissions.id, { onDelete: "cascade" }),
      taskId: k
        .int("task_id")
        .notNull()
        .references(() => tasks.id),
      question: k.text(),
      goldAnswer: k.text("gold_answer"),
    },
    (t) => [k.primaryKey({ columns: [t.submissionId, t.taskId] })],
  );

  const samples = k.table(
    "samples",
    {
      id: k.id(),
      submissionId: k
        .int("submission_id")
        .notNull()
        .references(() => submissions.id, { onDelete: "cascade" }),
      taskId: k
        .int("task_id")
        .notNull()
        .references(() => tasks.id),
      taskKey: k.text("task_key").notNull(),
      /** 0-based run of this task within the submission. */
      run: k.int().notNull(),
      prediction: k.text(),
      /** Termination status, verbatim (unknown values kept). */
      status: k.text().notNull(),
      correct: k.bool().notNull(),
      /** Which judge field decided the verdict (or "none"). */
      verdictSource: k.text("verdict_source").notNull(),
      verdictLabel: k.text("verdict_label"),
      judgeRationale: k.text("judge_rationale"),
      toolCalls: k.int("tool_calls").notNull(),
      tier: k.text(),
      category: k.text(),
      actualTurns: k.int("actual_turns"),
      maxTurns: k.int("max_turns"),
      errorInfo: k.text("error_info"),
      malformedSteps: k.int("malformed_steps").notNull(),
      stepCount: k.int("step_count").notNull(),
      sourceFile: k.text("source_file").notNull(),
      sourceLine: k.int("source_line").notNull(),
      /** The benchmark's own per-sample figures (e.g. WideSearch row/item P/R/F1), for its module to parse. */
      metrics: k.json().$type<Record<string, unknown>>(),
      /** What the run cost, when the bundle says (null: not reported, never 0). */
      promptTokens: k.int("prompt_tokens"),
      completionTokens: k.int("completion_tokens"),
      costUsd: k.float("cost_usd"),
      /** Wall-clock seconds of the run. */
      seconds: k.float(),
      /** Large per-sample detail read only on the sample's own page (e.g. a WideSearch cell-by-cell diff). */
      detail: k.json().$type<Record<string, unknown>>(),
      /**
       * The verdict as imported (`correct`, its source, label, grader output and `metrics`),
       * kept by the first re-evaluation that changes it (db/reeval/store.ts) so the original
       * stays beside the override; null while the sample is as imported. Parsed with
       * `importedVerdictSchema` (lib/reeval/state.ts).
       */
      importedVerdict: k.json("imported_verdict"),
      /**
       * Answer grounding (lib/metrics/grounding.ts): the 1-based tool call whose result first
       * held the final answer, and the gold answer; null when none did, or when the benchmark
       * has no single answer to look for (its module's `grounding` is null).
       */
      answerSeenAtCall: k.int("answer_seen_at_call"),
      goldSeenAtCall: k.int("gold_seen_at_call"),
      /**
       * The two above are still to be computed from the steps: a row written without them (a
       * database from before them) is, until the worker's backfill (db/grounding.ts) reads its steps.
       */
      groundingPending: k.bool("grounding_pending").notNull().default(true),
    },
    (t) => [
      k.uniqueIndex("samples_submission_task_run").on(t.submissionId, t.taskKey, t.run),
      // With the id, so "the next failed sample" is one index step on PostgreSQL too (SQLite's
      // index entries end in the rowid anyway; PostgreSQL's, without it, walked the whole table
      // in id order from the last failed sample of a submission).
      k.index("samples_submission_correct").on(t.submissionId, t.correct, t.id),
      k.index("samples_task").on(t.taskId),
    ],
  );

  /**
   * A sample's coverage of its task's atomic facts and its hit log's figures
   * (lib/benchmarks/atomic-facts.ts): one row per sample of a benchmark whose tasks carry
   * atomic facts (MPW), none for the others. `submission_id`, `correct`, `status` and
   * `tool_calls` are copies of the sample's, so the fact plots read this table alone;
   * re-evaluation writes both (db/reeval/store.ts).
   */
  const sampleFacts = k.table(
    "sample_facts",
    {
      sampleId: k
        .int("sample_id")
        .primaryKey()
        .references(() => samples.id, { onDelete: "cascade" }),
      submissionId: k.int("submission_id").notNull(),
      correct: k.bool().notNull(),
      status: k.text().notNull(),
      toolCalls: k.int("tool_calls").notNull(),
      hitLogCalls: k.int("hit_log_calls").notNull(),
      hits: k.int().notNull(),
      factCount: k.int("fact_count").notNull(),
      factsCovered: k.int("facts_covered").notNull(),
      fcr: k.float(),
      hitRate: k.float("hit_rate").notNull(),
      compoundRate: k.float("compound_rate"),
      /** For each atomic-fact key, the call that first covered it (null: never). */
      firstCoveredAt: k.json("first_covered_at").$type<Record<string, number | null>>().notNull(),
      /** Per call k: facts first covered at k; precomputed for the Δfacts(k) and FCR(k) plots. */
      newFactsByCall: k.json("new_facts_by_call").$type<number[]>().notNull(),
      /** Per call k: 1 when the call hit. */
      hitsByCall: k.json("hits_by_call").$type<number[]>().notNull(),
    },
    (t) => [
      // Covering index: the FCR-vs-Pass@1 plot reads only these columns.
      k.index("sample_facts_fcr_pass").on(t.submissionId, t.factCount, t.fcr, t.correct),
      // Covering index for the tool-call cohort plots (Δfacts, truncated curves): they
      // select by call count and read only these columns, so at 100,000+ samples the
      // scan never touches the wide rows. PostgreSQL keeps the JSON arrays out: a btree
      // entry is limited to about 2.7 kB, which a long run's arrays exceed.
      k
        .index("sample_facts_call_series")
        .on(
          t.submissionId,
          t.toolCalls,
          t.status,
          t.factCount,
          ...(k.engine === "sqlite" ? [t.newFactsByCall, t.hitsByCall] : []),
        ),
    ],
  );

  const steps = k.table(
    "steps",
    {
      id: k.id(),
      sampleId: k
        .int("sample_id")
        .notNull()
        .references(() => samples.id, { onDelete: "cascade" }),
      ordinal: k.int().notNull(),
      kind: k.text().$type<Step["kind"]>().notNull(),
      callIndex: k.int("call_index"),
      /** The whole step; the columns beside it are copies for filtering. */
      data: k.json().$type<Step>().notNull(),
      malformed: k.text(),
    },
    (t) => [k.uniqueIndex("steps_sample_ordinal").on(t.sampleId, t.ordinal)],
  );

  const hitLogs = k.table(
    "hit_logs",
    {
      sampleId: k
        .int("sample_id")
        .notNull()
        .references(() => samples.id, { onDelete: "cascade" }),
      callIndex: k.int("call_index").notNull(),
      hit: k.bool().notNull(),
      matchedFactKeys: k.json("matched_fact_keys").$type<string[]>().notNull(),
      compound: k.bool().notNull(),
      query: k.text(),
      reason: k.text(),
    },
    (t) => [k.primaryKey({ columns: [t.sampleId, t.callIndex] })],
  );

  /**
   * The failure modes of a failed sample (lib/benchmarks/failure-modes.ts), one row per mode:
   * computed at ingest, recomputed when a re-evaluation changes the verdict, so the
   * submission page, its filter (`mode:`) and /compare never read steps. A failed sample has
   * at least one ("unexplained" when no rule explains it); a correct one has none.
   * `submission_id` is a copy of the sample's, so counting a submission's modes reads this
   * table alone.
   */
  const sampleFailureModes = k.table(
    "sample_failure_modes",
    {
      sampleId: k
        .int("sample_id")
        .notNull()
        .references(() => samples.id, { onDelete: "cascade" }),
      submissionId: k.int("submission_id").notNull(),
      mode: k.text().notNull(),
    },
    (t) => [
      k.primaryKey({ columns: [t.sampleId, t.mode] }),
      k.index("sample_failure_modes_submission").on(t.submissionId, t.mode),
    ],
  );

  /**
   * Precomputed per submission × split ("overall", "tier:hard", "lang:en"): what every
   * benchmark writes. Its own figures are its module's report in `metrics`.
   */
  const aggregates = k.table(
    "aggregates",
    {
      submissionId: k
        .int("submission_id")
        .notNull()
        .references(() => submissions.id, { onDelete: "cascade" }),
      split: k.text().notNull(),
      n: k.int().notNull(),
      /** The benchmark's primary metric and its 95% interval: every board sorts the same way. */
      primary: k.float("primary"),
      primaryLo: k.float("primary_lo"),
      primaryHi: k.float("primary_hi"),
      statusCounts: k.json("status_counts").$type<Record<string, number>>().notNull(),
      /** The benchmark's own stored report for this split, parsed by its module's schema. */
      metrics: k.json().$type<Record<string, unknown>>(),
    },
    (t) => [k.primaryKey({ columns: [t.submissionId, t.split] })],
  );

  /**
   * A benchmark version's official task set, registered from the task file an admin uploads
   * (modules that ship their published ids need none). Coverage is measured against it.
   */
  const canonicalTasks = k.table(
    "canonical_tasks",
    {
      benchmarkId: k
        .text("benchmark_id")
        .notNull()
        .references(() => benchmarks.id),
      benchmarkVersion: k.text("benchmark_version").notNull(),
      taskKey: k.text("task_key").notNull(),
      /** The task's values of the splits a board views by (null: the file did not say). */
      tier: k.text(),
      language: k.text(),
      /** The official question (null: the file did not include it): a submission whose own differs is told so. */
      question: k.text(),
      /** The uploaded file it came from, and when. */
      source: k.text().notNull(),
      registeredAt: k.text("registered_at").notNull(),
    },
    (t) => [k.primaryKey({ columns: [t.benchmarkId, t.benchmarkVersion, t.taskKey] })],
  );

  /**
   * Every change to a verdict, a score or a gold answer: who, when, which sample or task,
   * the state before and after, the judge and its configuration, the reason. Undoing an
   * entry restores `before` and stamps `undoneAt`; entries are never deleted.
   */
  const auditEntries = k.table(
    "audit_entries",
    {
      id: k.id(),
      action: k.text().$type<AuditAction>().notNull(),
      sampleId: k.int("sample_id").references(() => samples.id, { onDelete: "cascade" }),
      submissionId: k
        .int("submission_id")
        .references(() => submissions.id, { onDelete: "cascade" }),
      taskId: k.int("task_id").references(() => tasks.id),
      actor: k.text().notNull(),
      createdAt: k.text("created_at").notNull(),
      before: k.json().$type<Record<string, unknown>>().notNull(),
      after: k.json().$type<Record<string, unknown>>().notNull(),
      judge: k.text(),
      judgeConfig: k.json("judge_config").$type<Record<string, unknown>>(),
      reason: k.text(),
      /** The gold-fix entry whose re-evaluation made this sample change. */
      parentId: k.int("parent_id"),
      jobId: k.int("job_id"),
      undoneAt: k.text("undone_at"),
      undoneBy: k.text("undone_by"),
    },
    (t) => [
      k.index("audit_sample").on(t.sampleId, t.id),
      k.index("audit_submission_action").on(t.submissionId, t.action),
      k.index("audit_task").on(t.taskId, t.id),
    ],
  );

  /** A background re-evaluation of every sample of one task after its gold answer changed. */
  const reevalJobs = k.table(
    "reeval_jobs",
    {
      id: k.id(),
      /** The task whose samples it re-evaluates after a gold fix; null for a submission's job. */
      taskId: k.int("task_id").references(() => tasks.id),
      /** The submission whose unjudged samples it judges; null for a gold fix's job. */
      submissionId: k
        .int("submission_id")
        .references(() => submissions.id, { onDelete: "cascade" }),
      /** The gold-fix (or its undo) that started the job. */
      auditEntryId: k.int("audit_entry_id"),
      status: k.text().$type<ReevalJobStatus>().notNull(),
      judge: k.text(),
      total: k.int().notNull(),
      done: k.int().notNull(),
      changed: k.int().notNull(),
      error: k.text(),
      actor: k.text().notNull(),
      createdAt: k.text("created_at").notNull(),
      startedAt: k.text("started_at"),
      finishedAt: k.text("finished_at"),
      /** The worker running it (`host/pid`), so a worker that died can be told from one still at work. */
      worker: k.text(),
    },
    (t) => [
      k.index("reeval_jobs_task").on(t.taskId, t.id),
      k.index("reeval_jobs_submission").on(t.submissionId, t.id),
      k.index("reeval_jobs_status").on(t.status, t.id),
    ],
  );

  /**
   * A rubric search (lib/rubric): an admin's rubric, read by the LLM judge against every run
   * of its scope, in the worker. Its runs are frozen when it is queued (a row each in
   * `rubric_results`), so its count never moves and a worker that restarts resumes it.
   */
  const rubricJobs = k.table(
    "rubric_jobs",
    {
      id: k.id(),
      rubric: k.text().notNull(),
      /** lib/rubric/scope.ts's `rubricScopeSchema`. */
      scope: k.json().notNull(),
      /** The job whose matches it refines (scope kind `matches`). */
      parentId: k.int("parent_id"),
      status: k.text().$type<RubricJobStatus>().notNull(),
      total: k.int().notNull(),
      done: k.int().notNull().default(0),
      matched: k.int().notNull().default(0),
      unreadable: k.int().notNull().default(0),
      /** Cited step ordinals the runs do not have, dropped. */
      droppedCitations: k.int("dropped_citations").notNull().default(0),
      estimatedTokens: k.int("estimated_tokens").notNull(),
      /** The judge's endpoint and model (no key), as lib/judges/chat.ts's publicJudgeConfig. */
      judgeConfig: k.json("judge_config").notNull(),
      error: k.text(),
      actor: k.text().notNull(),
      createdAt: k.text("created_at").notNull(),
      startedAt: k.text("started_at"),
      finishedAt: k.text("finished_at"),
      worker: k.text(),
    },
    (t) => [k.index("rubric_jobs_status").on(t.status, t.id)],
  );

  /** One run of a rubric job: pending (verdict null) until the judge has read it. */
  const rubricResults = k.table(
    "rubric_results",
    {
      jobId: k
        .int("job_id")
        .notNull()
        .references(() => rubricJobs.id, { onDelete: "cascade" }),
      sampleId: k
        .int("sample_id")
        .notNull()
        .references(() => samples.id, { onDelete: "cascade" }),
      submissionId: k
        .int("submission_id")
        .notNull()
        .references(() => submissions.id, { onDelete: "cascade" }),
      verdict: k.text().$type<RubricVerdictKind>(),
      /** The judge's reason (untrusted text, shown as text), or why its reply was unreadable. */
      reason: k.text(),
      /** The cited steps the run has: `[{ordinal, anchor}]` (the trajectory page's element ids). */
      cited: k.json(),
      dropped: k.int().notNull().default(0),
      judgedAt: k.text("judged_at"),
    },
    (t) => [
      k.primaryKey({ columns: [t.jobId, t.sampleId] }),
      k.index("rubric_results_verdict").on(t.jobId, t.verdict, t.sampleId),
    ],
  );

  /**
   * An upload waiting for, or imported by, the worker. The server only receives the file
   * into `spool_dir` and queues it; the worker imports it in one transaction, so a job
   * interrupted by a crash left nothing behind and is run again (up to a bound).
   */
  const uploadJobs = k.table(
    "upload_jobs",
    {
      id: k.id(),
      state: k.text().$type<UploadJobState>().notNull(),
      uploaderTokenId: k
        .int("uploader_token_id")
        .notNull()
        .references(() => uploadTokens.id),
      /** The server's folder holding the received file (never shown to anyone); removed when the job ends. */
      spoolDir: k.text("spool_dir").notNull(),
      /** The client's file name: its extension says what the file is, its base name appears in errors. */
      fileName: k.text("file_name").notNull(),
      /** The form fields beside the file, and the upload limits in force when it arrived. */
      fields: k.json().notNull(),
      limits: k.json().notNull(),
      attempts: k.int().notNull().default(0),
      worker: k.text(),
      submissionId: k
        .int("submission_id")
        .references(() => submissions.id, { onDelete: "set null" }),
      /** When done: the answer a 201/200 gives. When failed: the errors a 400 gives. */
      result: k.json(),
      errors: k.json(),
      /** The import's last progress (bytes read of the total, samples written), kept when it ends. */
      progress: k.json(),
      createdAt: k.text("created_at").notNull(),
      startedAt: k.text("started_at"),
      /** When the bundle was unpacked and its records began to be read (the import's own time runs from here). */
      importStartedAt: k.text("import_started_at"),
      finishedAt: k.text("finished_at"),
    },
    (t) => [k.index("upload_jobs_state").on(t.state, t.id)],
  );

  /**
   * Counters other processes watch: the worker bumps `public` whenever it changes what the
   * public sees; each server validates visitors' copies of public pages by it.
   */
  const dataVersions = k.table("data_versions", {
    name: k.text().primaryKey(),
    version: k.int().notNull(),
  });

  /** Failure tags on samples: a seed benchmark's taxonomy (`taxonomy` names it) or a free tag (`taxonomy` null). */
  const sampleTags = k.table(
    "sample_tags",
    {
      sampleId: k
        .int("sample_id")
        .notNull()
        .references(() => samples.id, { onDelete: "cascade" }),
      submissionId: k
        .int("submission_id")
        .notNull()
        .references(() => submissions.id, { onDelete: "cascade" }),
      tag: k.text().notNull(),
      taxonomy: k.text(),
      actor: k.text().notNull(),
      createdAt: k.text("created_at").notNull(),
    },
    (t) => [
      k.primaryKey({ columns: [t.sampleId, t.tag] }),
      k.index("sample_tags_submission").on(t.submissionId, t.tag),
      k.index("sample_tags_tag").on(t.tag, t.sampleId),
    ],
  );
  /**
   * Attempts counted against a limit (uploads per team token, wrong admin tokens per
   * client): in the database, so every server process and instance counts the same
   * attempts and a restart forgets none. `at` is ISO 8601 in UTC with milliseconds, which
   * sorts as time does.
   */
  const limitEvents = k.table(
    "limit_events",
    {
      id: k.id(),
      scope: k.text().$type<LimitScope>().notNull(),
      key: k.text().notNull(),
      at: k.text().notNull(),
    },
    (t) => [
      k.index("limit_events_scope_key_at").on(t.scope, t.key, t.at),
      k.index("limit_events_scope_at").on(t.scope, t.at),
    ],
  );

  /**
   * Browser sessions (lib/auth/sessions.ts): the cookie holds a random id, this table its
   * SHA-256 only. A session ends when it expires or is revoked (logout). An admin session
   * keeps a fingerprint of the admin token it was opened under (an HMAC of it, never the
   * token), so changing the token ends it; a team session names the upload token it signed in
   * with, and goes with it.
   */
  const sessions = k.table(
    "sessions",
    {
      id: k.id(),
      idHash: k.text("id_hash").notNull(),
      kind: k.text().$type<SessionKind>().notNull(),
      adminFingerprint: k.text("admin_fingerprint"),
      uploadTokenId: k
        .int("upload_token_id")
        .references(() => uploadTokens.id, { onDelete: "cascade" }),
      createdAt: k.text("created_at").notNull(),
      expiresAt: k.text("expires_at").notNull(),
      revokedAt: k.text("revoked_at"),
    },
    (t) => [
      k.uniqueIndex("sessions_id_hash").on(t.idHash),
      k.index("sessions_expires_at").on(t.expiresAt),
    ],
  );

  return {
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
  };
}
