DROP INDEX "samples_submission_correct";--> statement-breakpoint
CREATE INDEX "samples_submission_correct" ON "samples" USING btree ("submission_id","correct","id");