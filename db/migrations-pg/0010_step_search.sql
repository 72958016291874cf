-- Hand-written: the step-search index behind the filter language's step fields (text:, query:,
-- result:, answer:; lib/filter/parse.ts). One row per step with text: its part and its text.
--   query   a tool call's argument strings, one a line
--   result  a tool's result, as returned
--   answer  the final answer
--   other   thoughts and other text
-- The index is GIN over the text's 3-character sequences (lower-cased). Not pg_trgm's
-- gin_trgm_ops: pg_trgm keeps only the characters the database's locale calls alphanumeric,
-- and in the C locale Seekboard's databases use that is ASCII alone, so a Chinese term would
-- have no trigram to look up and would read the whole index. A row is a step's text, so a
-- term never spans two steps; the index finds the candidates, strpos confirms them.
CREATE FUNCTION "seekboard_trigrams"(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  -- lead() over the characters in order: substr() at each offset is quadratic in a UTF-8 text.
  SELECT coalesce(array_agg(DISTINCT g) FILTER (WHERE g IS NOT NULL), '{}'::text[])
  FROM (
    SELECT c || lead(c, 1) OVER w || lead(c, 2) OVER w AS g
    FROM unnest(string_to_array(t, NULL)) WITH ORDINALITY AS u(c, n)
    WINDOW w AS (ORDER BY n)
  ) AS grams
$$;
--> statement-breakpoint
CREATE TABLE "step_search" (
	"step_id" integer PRIMARY KEY NOT NULL REFERENCES "steps"("id") ON DELETE CASCADE,
	"part" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "step_search_trigrams" ON "step_search" USING gin ("seekboard_trigrams"(lower("body")));
--> statement-breakpoint
CREATE FUNCTION "seekboard_step_search_row"(kind text, data json) RETURNS TABLE (part text, body text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p, b FROM (
    SELECT
      CASE kind WHEN 'tool_call' THEN 'query' WHEN 'tool_result' THEN 'result' WHEN 'answer' THEN 'answer' ELSE 'other' END AS p,
      CASE kind
        WHEN 'tool_call' THEN (
          SELECT string_agg(v #>> '{}', E'\n')
          FROM jsonb_path_query(data::jsonb -> 'arguments', 'strict $.** ? (@.type() == "string")') AS v
        )
        WHEN 'tool_result' THEN data ->> 'raw'
        ELSE data ->> 'text'
      END AS b
  ) AS row
  WHERE b IS NOT NULL AND b <> ''
$$;
--> statement-breakpoint
-- One insert per statement that inserts steps (an import's batch), not one per step.
CREATE FUNCTION "seekboard_step_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "step_search" ("step_id", "part", "body")
  SELECT s."id", r.part, r.body FROM inserted AS s, "seekboard_step_search_row"(s."kind", s."data") AS r;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "step_search_insert" AFTER INSERT ON "steps" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "seekboard_step_search_insert"();
--> statement-breakpoint
-- The steps stored before the index.
INSERT INTO "step_search" ("step_id", "part", "body")
SELECT s."id", r.part, r.body FROM "steps" AS s, "seekboard_step_search_row"(s."kind", s."data") AS r;
