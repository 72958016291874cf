-- MPW reports stored before unjudged samples were counted: each split's count, from its samples (verdict source "none": the record carries no judge verdict; lib/benchmarks/mpw/aggregate.ts).
-- Appended to the text as SQLite's json_set does, so the report keeps its keys' order (a jsonb round trip would sort them).
UPDATE "aggregates" a SET "metrics" = (left(rtrim(a."metrics"::text), -1) || ',"unjudged":' || (
  SELECT count(*) FROM "samples" s
  WHERE s."submission_id" = a."submission_id" AND s."verdict_source" = 'none'
    AND (a."split" = 'overall' OR a."split" = 'tier:' || s."tier" OR a."split" = 'category:' || s."category")
) || '}')::json
WHERE a."metrics" IS NOT NULL AND json_typeof(a."metrics") = 'object' AND a."metrics"::jsonb <> '{}'::jsonb AND a."metrics"::jsonb -> 'unjudged' IS NULL
  AND a."submission_id" IN (SELECT "id" FROM "submissions" WHERE "benchmark_id" = 'mpw');
