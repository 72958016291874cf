CREATE TABLE `sample_failure_modes` (
	`sample_id` integer NOT NULL,
	`submission_id` integer NOT NULL,
	`mode` text NOT NULL,
	PRIMARY KEY(`sample_id`, `mode`),
	FOREIGN KEY (`sample_id`) REFERENCES `samples`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sample_failure_modes_submission` ON `sample_failure_modes` (`submission_id`,`mode`);