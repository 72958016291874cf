CREATE TABLE "submission_tasks" (
	"submission_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"question" text,
	"gold_answer" text,
	CONSTRAINT "submission_tasks_submission_id_task_id_pk" PRIMARY KEY("submission_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "canonical_tasks" ADD COLUMN "question" text;--> statement-breakpoint
ALTER TABLE "submission_tasks" ADD CONSTRAINT "submission_tasks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_tasks" ADD CONSTRAINT "submission_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each submission keeps the text its pages showed until now: the stored task's, whichever bundle wrote it first (which one is not recorded, so a re-import is what corrects a borrowed one).
INSERT INTO "submission_tasks" ("submission_id", "task_id", "question", "gold_answer")
SELECT DISTINCT "samples"."submission_id", "samples"."task_id", "tasks"."question", "tasks"."gold_answer"
FROM "samples" INNER JOIN "tasks" ON "tasks"."id" = "samples"."task_id";--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "question";