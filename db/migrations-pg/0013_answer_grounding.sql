ALTER TABLE "samples" ADD COLUMN "answer_seen_at_call" integer;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "gold_seen_at_call" integer;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "grounding_pending" boolean DEFAULT true NOT NULL;