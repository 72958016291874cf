DROP INDEX `samples_submission_correct`;--> statement-breakpoint
CREATE INDEX `samples_submission_correct` ON `samples` (`submission_id`,`correct`,`id`);