-- Hand-edited: reeval_jobs is rebuilt (task_id becomes nullable) and its rows copied without
-- the new submission_id, which drizzle-kit's generated copy named though the old table lacks it.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reeval_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer,
	`submission_id` integer,
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
	`worker` text,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_reeval_jobs`("id", "task_id", "audit_entry_id", "status", "judge", "total", "done", "changed", "error", "actor", "created_at", "started_at", "finished_at", "worker") SELECT "id", "task_id", "audit_entry_id", "status", "judge", "total", "done", "changed", "error", "actor", "created_at", "started_at", "finished_at", "worker" FROM `reeval_jobs`;--> statement-breakpoint
DROP TABLE `reeval_jobs`;--> statement-breakpoint
ALTER TABLE `__new_reeval_jobs` RENAME TO `reeval_jobs`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `reeval_jobs_task` ON `reeval_jobs` (`task_id`,`id`);--> statement-breakpoint
CREATE INDEX `reeval_jobs_submission` ON `reeval_jobs` (`submission_id`,`id`);--> statement-breakpoint
CREATE INDEX `reeval_jobs_status` ON `reeval_jobs` (`status`,`id`);--> statement-breakpoint
ALTER TABLE `samples` ADD `imported_verdict` text;