CREATE TABLE `aggregates` (
	`submission_id` integer NOT NULL,
	`split` text NOT NULL,
	`n` integer NOT NULL,
	`pass1` real,
	`pass1_lo` real,
	`pass1_hi` real,
	`fcr` real,
	`fcr_lo` real,
	`fcr_hi` real,
	`fcr_n` integer NOT NULL,
	`hit_rate` real,
	`hit_rate_lo` real,
	`hit_rate_hi` real,
	`tool_calls` real,
	`tool_calls_lo` real,
	`tool_calls_hi` real,
	`compound_rate` real,
	`zero_call_samples` integer NOT NULL,
	`status_counts` text NOT NULL,
	`metrics` text,
	PRIMARY KEY(`submission_id`, `split`),
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `benchmarks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `hit_logs` (
	`sample_id` integer NOT NULL,
	`call_index` integer NOT NULL,
	`hit` integer NOT NULL,
	`matched_fact_keys` text NOT NULL,
	`compound` integer NOT NULL,
	`query` text,
	`reason` text,
	PRIMARY KEY(`sample_id`, `call_index`),
	FOREIGN KEY (`sample_id`) REFERENCES `samples`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_id` integer NOT NULL,
	`task_id` integer NOT NULL,
	`task_key` text NOT NULL,
	`run` integer NOT NULL,
	`prediction` text,
	`status` text NOT NULL,
	`correct` integer NOT NULL,
	`verdict_source` text NOT NULL,
	`verdict_label` text,
	`judge_rationale` text,
	`tool_calls` integer NOT NULL,
	`hit_log_calls` integer NOT NULL,
	`hits` integer NOT NULL,
	`fact_count` integer NOT NULL,
	`facts_covered` integer NOT NULL,
	`fcr` real,
	`hit_rate` real NOT NULL,
	`compound_rate` real,
	`tier` text,
	`category` text,
	`first_covered_at` text NOT NULL,
	`new_facts_by_call` text DEFAULT '[]' NOT NULL,
	`hits_by_call` text DEFAULT '[]' NOT NULL,
	`actual_turns` integer,
	`max_turns` integer,
	`error_info` text,
	`malformed_steps` integer NOT NULL,
	`step_count` integer NOT NULL,
	`source_file` text NOT NULL,
	`source_line` integer NOT NULL,
	`metrics` text,
	`detail` text,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `samples_submission_task_run` ON `samples` (`submission_id`,`task_key`,`run`);--> statement-breakpoint
CREATE INDEX `samples_submission_correct` ON `samples` (`submission_id`,`correct`);--> statement-breakpoint
CREATE INDEX `samples_task` ON `samples` (`task_id`);--> statement-breakpoint
CREATE INDEX `samples_fcr_pass` ON `samples` (`submission_id`,`fact_count`,`fcr`,`correct`);--> statement-breakpoint
CREATE INDEX `samples_calls` ON `samples` (`submission_id`,`tool_calls`);--> statement-breakpoint
CREATE TABLE `steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sample_id` integer NOT NULL,
	`ordinal` integer NOT NULL,
	`kind` text NOT NULL,
	`call_index` integer,
	`data` text NOT NULL,
	`malformed` text,
	FOREIGN KEY (`sample_id`) REFERENCES `samples`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `steps_sample_ordinal` ON `steps` (`sample_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`benchmark_id` text NOT NULL,
	`benchmark_version` text NOT NULL,
	`model` text NOT NULL,
	`agent` text,
	`setting` text NOT NULL,
	`bundle_hash` text NOT NULL,
	`uploaded_at` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`sample_count` integer NOT NULL,
	`task_count` integer NOT NULL,
	`runs` integer NOT NULL,
	`uploader_token_id` integer,
	`moderation_reason` text,
	`moderated_at` text,
	`import_notes` text,
	FOREIGN KEY (`benchmark_id`) REFERENCES `benchmarks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`uploader_token_id`) REFERENCES `upload_tokens`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `submissions_bundle_hash` ON `submissions` (`bundle_hash`);--> statement-breakpoint
CREATE INDEX `submissions_board` ON `submissions` (`benchmark_id`,`status`,`setting`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`benchmark_id` text NOT NULL,
	`benchmark_version` text NOT NULL,
	`task_key` text NOT NULL,
	`question` text,
	`gold_answer` text,
	`atomic_facts` text NOT NULL,
	`fact_count` integer NOT NULL,
	`tier` text,
	`category` text,
	`language` text,
	`extra` text,
	FOREIGN KEY (`benchmark_id`) REFERENCES `benchmarks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tasks_benchmark_key` ON `tasks` (`benchmark_id`,`benchmark_version`,`task_key`);--> statement-breakpoint
CREATE TABLE `upload_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	`last_used_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `upload_tokens_hash` ON `upload_tokens` (`token_hash`);