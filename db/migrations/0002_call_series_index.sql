DROP INDEX `samples_calls`;--> statement-breakpoint
CREATE INDEX `samples_call_series` ON `samples` (`submission_id`,`tool_calls`,`status`,`fact_count`,`new_facts_by_call`,`hits_by_call`);