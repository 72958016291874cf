CREATE TABLE `canonical_tasks` (
	`benchmark_id` text NOT NULL,
	`benchmark_version` text NOT NULL,
	`task_key` text NOT NULL,
	`tier` text,
	`language` text,
	`source` text NOT NULL,
	`registered_at` text NOT NULL,
	PRIMARY KEY(`benchmark_id`, `benchmark_version`, `task_key`),
	FOREIGN KEY (`benchmark_id`) REFERENCES `benchmarks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `samples` ADD `prompt_tokens` integer;--> statement-breakpoint
ALTER TABLE `samples` ADD `completion_tokens` integer;--> statement-breakpoint
ALTER TABLE `samples` ADD `cost_usd` real;--> statement-breakpoint
ALTER TABLE `samples` ADD `seconds` real;--> statement-breakpoint
ALTER TABLE `submissions` ADD `judge_model` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `revision` integer DEFAULT 0 NOT NULL;