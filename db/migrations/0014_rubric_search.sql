CREATE TABLE `rubric_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rubric` text NOT NULL,
	`scope` text NOT NULL,
	`parent_id` integer,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`matched` integer DEFAULT 0 NOT NULL,
	`unreadable` integer DEFAULT 0 NOT NULL,
	`dropped_citations` integer DEFAULT 0 NOT NULL,
	`estimated_tokens` integer NOT NULL,
	`judge_config` text NOT NULL,
	`error` text,
	`actor` text NOT NULL,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text,
	`worker` text
);
--> statement-breakpoint
CREATE INDEX `rubric_jobs_status` ON `rubric_jobs` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `rubric_results` (
	`job_id` integer NOT NULL,
	`sample_id` integer NOT NULL,
	`submission_id` integer NOT NULL,
	`verdict` text,
	`reason` text,
	`cited` text,
	`dropped` integer DEFAULT 0 NOT NULL,
	`judged_at` text,
	PRIMARY KEY(`job_id`, `sample_id`),
	FOREIGN KEY (`job_id`) REFERENCES `rubric_jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sample_id`) REFERENCES `samples`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rubric_results_verdict` ON `rubric_results` (`job_id`,`verdict`,`sample_id`);