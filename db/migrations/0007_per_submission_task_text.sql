CREATE TABLE `submission_tasks` (
	`submission_id` integer NOT NULL,
	`task_id` integer NOT NULL,
	`question` text,
	`gold_answer` text,
	PRIMARY KEY(`submission_id`, `task_id`),
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `canonical_tasks` ADD `question` text;--> statement-breakpoint
-- Each submission keeps the text its pages showed until now: the stored task's, whichever bundle wrote it first (which one is not recorded, so a re-import is what corrects a borrowed one).
INSERT INTO `submission_tasks` (`submission_id`, `task_id`, `question`, `gold_answer`)
SELECT DISTINCT `samples`.`submission_id`, `samples`.`task_id`, `tasks`.`question`, `tasks`.`gold_answer`
FROM `samples` INNER JOIN `tasks` ON `tasks`.`id` = `samples`.`task_id`;--> statement-breakpoint
ALTER TABLE `tasks` DROP COLUMN `question`;