CREATE TABLE "sample_failure_modes" (
	"sample_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "sample_failure_modes_sample_id_mode_pk" PRIMARY KEY("sample_id","mode")
);
--> statement-breakpoint
ALTER TABLE "sample_failure_modes" ADD CONSTRAINT "sample_failure_modes_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sample_failure_modes_submission" ON "sample_failure_modes" USING btree ("submission_id","mode");