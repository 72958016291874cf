-- MPW's own figures move into its stored report (`metrics`, lib/benchmarks/mpw/stored.ts), one per split, from the columns before they go: the report's keys in the order `aggregateMpw` writes them (json keeps them as written), each double precision written as its shortest exact text. Pass@1 stays where it was, renamed to the shared primary metric.
-- Doubles as their shortest exact text whatever the role's setting (the default since PostgreSQL 12).
SET LOCAL extra_float_digits = 1;--> statement-breakpoint
UPDATE "aggregates" SET "metrics" = json_build_object(
  'n', "n",
  'pass1', json_build_object('value', "pass1", 'ci', CASE WHEN "pass1_lo" IS NULL OR "pass1_hi" IS NULL THEN NULL ELSE json_build_object('lo', "pass1_lo", 'hi', "pass1_hi") END, 'n', "n"),
  'fcr', json_build_object('value', "fcr", 'ci', CASE WHEN "fcr_lo" IS NULL OR "fcr_hi" IS NULL THEN NULL ELSE json_build_object('lo', "fcr_lo", 'hi', "fcr_hi") END, 'n', "fcr_n"),
  'hitRate', json_build_object('value', "hit_rate", 'ci', CASE WHEN "hit_rate_lo" IS NULL OR "hit_rate_hi" IS NULL THEN NULL ELSE json_build_object('lo', "hit_rate_lo", 'hi', "hit_rate_hi") END, 'n', "n"),
  'toolCalls', json_build_object('value', "tool_calls", 'ci', CASE WHEN "tool_calls_lo" IS NULL OR "tool_calls_hi" IS NULL THEN NULL ELSE json_build_object('lo', "tool_calls_lo", 'hi', "tool_calls_hi") END, 'n', "n"),
  'compoundRate', "compound_rate",
  'zeroCallSamples', "zero_call_samples"
)
WHERE "submission_id" IN (SELECT "id" FROM "submissions" WHERE "benchmark_id" = 'mpw');
--> statement-breakpoint
ALTER TABLE "aggregates" RENAME COLUMN "pass1" TO "primary";
--> statement-breakpoint
ALTER TABLE "aggregates" RENAME COLUMN "pass1_lo" TO "primary_lo";
--> statement-breakpoint
ALTER TABLE "aggregates" RENAME COLUMN "pass1_hi" TO "primary_hi";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "fcr";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "fcr_lo";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "fcr_hi";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "fcr_n";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "hit_rate";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "hit_rate_lo";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "hit_rate_hi";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "tool_calls";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "tool_calls_lo";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "tool_calls_hi";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "compound_rate";
--> statement-breakpoint
ALTER TABLE "aggregates" DROP COLUMN "zero_call_samples";