ALTER TABLE "reeval_jobs" ALTER COLUMN "task_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reeval_jobs" ADD COLUMN "submission_id" integer;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "imported_verdict" json;--> statement-breakpoint
ALTER TABLE "reeval_jobs" ADD CONSTRAINT "reeval_jobs_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reeval_jobs_submission" ON "reeval_jobs" USING btree ("submission_id","id");