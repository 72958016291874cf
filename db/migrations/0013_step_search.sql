-- Hand-written: the step-search index behind the filter language's step fields (text:, query:,
-- result:, answer:; lib/filter/parse.ts). An FTS5 table with the trigram tokenizer finds any
-- substring of 3 or more characters, case-insensitively, in any script (Chinese too). It is
-- contentless (the text stays in steps.data alone) and keyed by the step's id. Each step's text
-- goes in the column of its part, so a term never spans two steps:
--   query   a tool call's argument strings, one a line
--   result  a tool's result, as returned
--   answer  the final answer
--   other   thoughts and other text
-- Triggers keep it with the steps (an import's batches, a removal's cascade).
CREATE VIRTUAL TABLE `step_search` USING fts5(`query`, `result`, `answer`, `other`, content='', contentless_delete=1, tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `step_search_insert` AFTER INSERT ON `steps` BEGIN
  INSERT INTO `step_search` (rowid, `query`, `result`, `answer`, `other`) VALUES (
    new.`id`,
    CASE WHEN new.`kind` = 'tool_call' THEN (SELECT group_concat(`value`, char(10)) FROM json_tree(new.`data`, '$.arguments') WHERE `type` = 'text') END,
    CASE WHEN new.`kind` = 'tool_result' THEN json_extract(new.`data`, '$.raw') END,
    CASE WHEN new.`kind` = 'answer' THEN json_extract(new.`data`, '$.text') END,
    CASE WHEN new.`kind` IN ('thought', 'other') THEN json_extract(new.`data`, '$.text') END
  );
END;
--> statement-breakpoint
CREATE TRIGGER `step_search_delete` AFTER DELETE ON `steps` BEGIN
  DELETE FROM `step_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
-- The steps stored before the index.
INSERT INTO `step_search` (rowid, `query`, `result`, `answer`, `other`)
SELECT
  `id`,
  CASE WHEN `kind` = 'tool_call' THEN (SELECT group_concat(`value`, char(10)) FROM json_tree(`steps`.`data`, '$.arguments') WHERE `type` = 'text') END,
  CASE WHEN `kind` = 'tool_result' THEN json_extract(`data`, '$.raw') END,
  CASE WHEN `kind` = 'answer' THEN json_extract(`data`, '$.text') END,
  CASE WHEN `kind` IN ('thought', 'other') THEN json_extract(`data`, '$.text') END
FROM `steps`;
