ALTER TABLE "aggregates" ALTER COLUMN "status_counts" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "aggregates" ALTER COLUMN "metrics" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "before" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "after" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "judge_config" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "hit_logs" ALTER COLUMN "matched_fact_keys" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "samples" ALTER COLUMN "first_covered_at" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "samples" ALTER COLUMN "new_facts_by_call" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "samples" ALTER COLUMN "new_facts_by_call" SET DEFAULT '[]'::json;--> statement-breakpoint
ALTER TABLE "samples" ALTER COLUMN "hits_by_call" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "samples" ALTER COLUMN "hits_by_call" SET DEFAULT '[]'::json;--> statement-breakpoint
ALTER TABLE "samples" ALTER COLUMN "metrics" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "samples" ALTER COLUMN "detail" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "steps" ALTER COLUMN "data" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "import_notes" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "atomic_facts" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "extra" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "upload_jobs" ALTER COLUMN "fields" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "upload_jobs" ALTER COLUMN "limits" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "upload_jobs" ALTER COLUMN "result" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "upload_jobs" ALTER COLUMN "errors" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "upload_jobs" ALTER COLUMN "progress" SET DATA TYPE json;