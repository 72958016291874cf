-- MPW reports stored before unjudged samples were counted: each split's count, from its samples (verdict source "none": the record carries no judge verdict; lib/benchmarks/mpw/aggregate.ts).
UPDATE "aggregates" a SET "metrics" = (a."metrics"::jsonb || jsonb_build_object('unjudged', (
  SELECT count(*) FROM "samples" s
  WHERE s."submission_id" = a."submission_id" AND s."verdict_source" = 'none'
    AND (a."split" = 'overall' OR a."split" = 'tier:' || s."tier" OR a."split" = 'category:' || s."category")
)))::json
WHERE a."metrics" IS NOT NULL AND a."metrics"::jsonb -> 'unjudged' IS NULL
  AND a."submission_id" IN (SELECT "id" FROM "submissions" WHERE "benchmark_id" = 'mpw');
