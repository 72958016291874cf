CREATE TABLE `audit_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`sample_id` integer,
	`submission_id` integer,
	`task_id` integer,
	`actor` text NOT NULL,
	`created_at` text NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`judge` text,
	`judge_config` text,
	`reason` text,
	`parent_id` integer,
	`job_id` integer,
	`undone_at` text,
	`undone_by` text,
	FOREIGN KEY (`sample_id`) REFERENCES `samples`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_sample` ON `audit_entries` (`sample_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_submission_action` ON `audit_entries` (`submission_id`,`action`);--> statement-breakpoint
CREATE INDEX `audit_task` ON `audit_entries` (`task_id`,`id`);--> statement-breakpoint
CREATE TABLE `reeval_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer NOT NULL,
	`audit_entry_id` integer,
	`status` text NOT NULL,
	`judge` text,
	`total` integer NOT NULL,
	`done` integer NOT NULL,
	`changed` integer NOT NULL,
	`error` text,
	`actor` text NOT NULL,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reeval_jobs_task` ON `reeval_jobs` (`task_id`,`id`);--> statement-breakpoint
CREATE TABLE `sample_tags` (
	`sample_id` integer NOT NULL,
	`submission_id` integer NOT NULL,
	`tag` text NOT NULL,
	`taxonomy` text,
	`actor` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`sample_id`, `tag`),
	FOREIGN KEY (`sample_id`) REFERENCES `samples`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sample_tags_submission` ON `sample_tags` (`submission_id`,`tag`);--> statement-breakpoint
CREATE INDEX `sample_tags_tag` ON `sample_tags` (`tag`,`sample_id`);