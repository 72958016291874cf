-- MPW reports stored before unjudged samples were counted: each split's count, from its samples (verdict source "none": the record carries no judge verdict; lib/benchmarks/mpw/aggregate.ts).
UPDATE `aggregates` SET `metrics` = json_set(`metrics`, '$.unjudged', (
  SELECT count(*) FROM `samples` s
  WHERE s.`submission_id` = `aggregates`.`submission_id` AND s.`verdict_source` = 'none'
    AND (`aggregates`.`split` = 'overall' OR `aggregates`.`split` = 'tier:' || s.`tier` OR `aggregates`.`split` = 'category:' || s.`category`)
))
WHERE `metrics` IS NOT NULL AND json_type(`metrics`, '$.unjudged') IS NULL
  AND `submission_id` IN (SELECT `id` FROM `submissions` WHERE `benchmark_id` = 'mpw');
