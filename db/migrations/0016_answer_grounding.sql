ALTER TABLE `samples` ADD `answer_seen_at_call` integer;--> statement-breakpoint
ALTER TABLE `samples` ADD `gold_seen_at_call` integer;--> statement-breakpoint
ALTER TABLE `samples` ADD `grounding_pending` integer DEFAULT true NOT NULL;