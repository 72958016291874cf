CREATE TABLE `sample_facts` (
	`sample_id` integer PRIMARY KEY NOT NULL,
	`submission_id` integer NOT NULL,
	`correct` integer NOT NULL,
	`status` text NOT NULL,
	`tool_calls` integer NOT NULL,
	`hit_log_calls` integer NOT NULL,
	`hits` integer NOT NULL,
	`fact_count` integer NOT NULL,
	`facts_covered` integer NOT NULL,
	`fcr` real,
	`hit_rate` real NOT NULL,
	`compound_rate` real,
	`first_covered_at` text NOT NULL,
	`new_facts_by_call` text NOT NULL,
	`hits_by_call` text NOT NULL,
	FOREIGN KEY (`sample_id`) REFERENCES `samples`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- MPW's samples (the one benchmark whose tasks carry atomic facts) keep their fact figures, copied as stored; the others had only the neutral values and get no row.
INSERT INTO `sample_facts` (`sample_id`, `submission_id`, `correct`, `status`, `tool_calls`, `hit_log_calls`, `hits`, `fact_count`, `facts_covered`, `fcr`, `hit_rate`, `compound_rate`, `first_covered_at`, `new_facts_by_call`, `hits_by_call`)
SELECT `id`, `submission_id`, `correct`, `status`, `tool_calls`, `hit_log_calls`, `hits`, `fact_count`, `facts_covered`, `fcr`, `hit_rate`, `compound_rate`, `first_covered_at`, `new_facts_by_call`, `hits_by_call`
FROM `samples` WHERE `submission_id` IN (SELECT `id` FROM `submissions` WHERE `benchmark_id` = 'mpw');
--> statement-breakpoint
CREATE INDEX `sample_facts_fcr_pass` ON `sample_facts` (`submission_id`,`fact_count`,`fcr`,`correct`);--> statement-breakpoint
CREATE INDEX `sample_facts_call_series` ON `sample_facts` (`submission_id`,`tool_calls`,`status`,`fact_count`,`new_facts_by_call`,`hits_by_call`);--> statement-breakpoint
DROP INDEX `samples_fcr_pass`;--> statement-breakpoint
DROP INDEX `samples_call_series`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `hit_log_calls`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `hits`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `fact_count`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `facts_covered`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `fcr`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `hit_rate`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `compound_rate`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `first_covered_at`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `new_facts_by_call`;--> statement-breakpoint
ALTER TABLE `samples` DROP COLUMN `hits_by_call`;