import { describe, expect, it } from "vitest";
import { parseWideSearchGoldCsv, parseWideSearchTask, type WideSearchTask } from "./formats";
import type { AsyncCellJudge, CellJudge, JudgeColumnRequest } from "./metrics";
import { scoreWideSearch, scoreWideSearchAsync, type WideSearchSampleScore } from "./score";

function task(evaluation: object, instanceId = "ws_en_900"): WideSearchTask {
  return parseWideSearchTask(
    { instance_id: instanceId, query: "q", language: "en", evaluation: JSON.stringify(evaluation) },
    "widesearch.jsonl",
    1,
  );
}

const UNIVERSITIES = task({
  unique_columns: ["university"],
  required: ["university", "country", "rank"],
  eval_pipeline: {
    university: { preprocess: ["norm_str"], metric: ["exact_match"] },
    country: { preprocess: ["norm_str"], metric: ["exact_match"] },
    rank: { preprocess: ["extract_number"], metric: ["number_near"], criterion: 0 },
  },
});

const UNIVERSITIES_GOLD = parseWideSearchGoldCsv(
  "University,Country,Rank\nHarvard University,USA,1\nMIT,USA,2\nStanford University,USA,3\n",
  "ws_en_900.csv",
  UNIVERSITIES.evaluation.required,
);

const md = (...lines: string[]) =>
  ["Here is the table:", "```markdown", ...lines, "```"].join("\n");

const sixOf = (s: WideSearchSampleScore) => [
  s.rowPrecision,
  s.rowRecall,
  s.rowF1,
  s.itemPrecision,
  s.itemRecall,
  s.itemF1,
];

describe("scoreWideSearch: hand-computed P/R/F1", () => {
  it("3 predicted rows, 3 gold, 2 matched, one wrong cell", () => {
    const s = scoreWideSearch(
      md(
        "| University | Country | Rank |",
        "|---|---|---|",
        "| **Harvard University** | usa | 1 |",
        "| MIT | USA | 5 |",
        "| Oxford | UK | 4 |",
      ),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.status).toBe("scored");
    expect(s.counts).toMatchObject({ predRows: 3, goldRows: 3, matchedRows: 2 });
    // Harvard: key 1, country 1, rank 1 → row 1.  MIT: 1, 1, rank 5 vs 2 → 0 → row 0.
    // TP_row = 1 + 0 = 1;  TP_item = 3 + 2 = 5.
    // Row P = 1/3, R = 1/3, F1 = 1/3.  Item P = 5/(3·3) = 5/9, R = 5/(3·3) = 5/9, F1 = 5/9.
    expect(sixOf(s)).toEqual(
      [1 / 3, 1 / 3, 1 / 3, 5 / 9, 5 / 9, 5 / 9].map((v) => expect.closeTo(v, 12)),
    );
    expect(s.success).toBe(false);
    expect(s.rows.map((r) => r.score)).toEqual([1, 0]);
    expect(s.missingGoldRows.map((r) => r.key.university)).toEqual(["Stanford University"]);
    expect(s.extraPredictedRows.map((r) => r.key.university)).toEqual(["Oxford"]);
  });

  it("precision and recall differ when the row counts differ", () => {
    const s = scoreWideSearch(
      md(
        "| University | Country | Rank |",
        "|---|---|---|",
        "| Harvard University | USA | 1 |",
        "| Stanford University | UK | 3 |",
      ),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    // Harvard row 1 (3 items); Stanford: country wrong → row 0 (2 items).
    // TP_row = 1, TP_item = 5; pred rows 2, gold rows 3, |required| = 3.
    // Row P = 1/2, R = 1/3, F1 = 2·(1/2)(1/3)/(1/2 + 1/3) = (1/3)/(5/6) = 2/5.
    // Item P = 5/6, R = 5/9, F1 = 2·(5/6)(5/9)/(5/6 + 5/9) = (25/27)/(25/18) = 2/3.
    expect(sixOf(s)).toEqual(
      [1 / 2, 1 / 3, 2 / 5, 5 / 6, 5 / 9, 2 / 3].map((v) => expect.closeTo(v, 12)),
    );
  });

  it("no matched row gives 0 everywhere, F1 included", () => {
    const s = scoreWideSearch(
      md("| University | Country | Rank |", "|---|---|---|", "| Oxford | UK | 4 |"),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(sixOf(s)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(s.status).toBe("scored");
  });

  it("a header-only table has 0 predicted rows and scores 0", () => {
    const s = scoreWideSearch(
      md("| University | Country | Rank |", "|---|---|---|"),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.counts.predRows).toBe(0);
    expect(sixOf(s)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe("scoreWideSearch: success", () => {
  it("a perfect table (any row order, bold, case) succeeds with all six equal to 1", () => {
    const s = scoreWideSearch(
      md(
        "| **University** | Country | Rank |",
        "|:--|:--|--:|",
        "| Stanford University | USA | 3 |",
        "| **harvard university** | usa | #1 |",
        "| MIT | USA | 2 |",
      ),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.success).toBe(true);
    expect(s.tablesEqual).toBe(true);
    expect(sixOf(s)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("succeeds through the six metrics when tolerances hide small differences", () => {
    const near = task({
      unique_columns: ["city"],
      required: ["city", "population"],
      eval_pipeline: {
        city: { preprocess: ["norm_str"], metric: ["exact_match"] },
        population: { preprocess: ["extract_number"], metric: ["number_near"], criterion: 0.05 },
      },
    });
    const gold = parseWideSearchGoldCsv(
      "City,Population\nOslo,700000\nBergen,290000\n",
      "g.csv",
      near.evaluation.required,
    );
    // 710,000 is within 5% of 700,000: every cell scores 1, but the preprocessed tables differ.
    const s = scoreWideSearch(
      md("| City | Population |", "|---|---|", "| Oslo | 710,000 |", "| Bergen | 290,000 |"),
      near,
      gold,
    );
    expect(s.tablesEqual).toBe(false);
    expect(sixOf(s)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(s.success).toBe(true);
  });

  it("a fence-less table is scored the same way", () => {
    const text =
      "Results\n\nUniversity | Country | Rank\n--- | --- | ---\nHarvard University | USA | 1\nMIT | USA | 2\nStanford University | USA | 3\n";
    const s = scoreWideSearch(text, UNIVERSITIES, UNIVERSITIES_GOLD);
    expect(s.table?.source).toBe("bare");
    expect(s.success).toBe(true);
  });
});

describe("scoreWideSearch: keys", () => {
  const FILMS = task(
    {
      unique_columns: ["年份", "国家"],
      required: ["年份", "国家", "电影名", "票房"],
      eval_pipeline: {
        年份: { preprocess: ["extract_number"], metric: ["exact_match"] },
        国家: { preprocess: ["norm_str"], metric: ["exact_match"] },
        电影名: { preprocess: ["norm_str"], metric: ["exact_match"] },
        票房: { preprocess: ["extract_number"], metric: ["number_near"], criterion: 0.1 },
      },
    },
    "ws_zh_900",
  );
  const FILMS_GOLD = parseWideSearchGoldCsv(
    "年份,国家,电影名,票房\n2023,中国,满江红,45.4亿元\n2023,美国,芭比,6.36亿美元\n2024,中国,热辣滚烫,34.6亿元\n",
    "ws_zh_900.csv",
    FILMS.evaluation.required,
  );

  it("joins on composite keys, preprocessing the key columns first", () => {
    const s = scoreWideSearch(
      md(
        "| 年份 | 国家 | 电影名 | 票房 |",
        "|---|---|---|---|",
        "| 2023年 | 中国 | 满江红 | 45.44亿 |",
        "| 2023 | 美国 | 奥本海默 | 3.3亿美元 |",
        "| 2024年 | 美国 | 头脑特工队2 | 6.5亿美元 |",
      ),
      FILMS,
      FILMS_GOLD,
    );
    // Matched: (2023, 中国) and (2023, 美国); (2024, 美国) is extra; (2024, 中国) is missing.
    // (2023, 中国): keys 1, 1; film 1; 45.44 vs 45.4 within 10% → 1 → row 1, items 4.
    // (2023, 美国): keys 1, 1; film 0; 3.3 vs 6.36 → 0 → row 0, items 2.
    // TP_row = 1, TP_item = 6; pred 3, gold 3, |required| = 4.
    // Row P = R = F1 = 1/3.  Item P = R = F1 = 6/12 = 1/2.
    expect(s.counts).toMatchObject({ predRows: 3, goldRows: 3, matchedRows: 2 });
    expect(sixOf(s)).toEqual(
      [1 / 3, 1 / 3, 1 / 3, 1 / 2, 1 / 2, 1 / 2].map((v) => expect.closeTo(v, 12)),
    );
    expect(s.rows[0].cells[0]).toMatchObject({
      predicted: "2023年",
      predictedProcessed: "2023",
      gold: "2023",
      isKey: true,
      metric: "key",
      score: 1,
    });
    expect(s.extraPredictedRows[0].key).toEqual({ 年份: "2024年", 国家: "美国" });
  });

  it("drops rows whose key repeats an earlier row's, in both tables", () => {
    const s = scoreWideSearch(
      md(
        "| University | Country | Rank |",
        "|---|---|---|",
        "| Harvard University | USA | 1 |",
        "| **HARVARD University** | UK | 9 |",
        "| MIT | USA | 2 |",
      ),
      UNIVERSITIES,
      parseWideSearchGoldCsv(
        "University,Country,Rank\nHarvard University,USA,1\nMIT,USA,2\nmit,USA,7\n",
        "g.csv",
        UNIVERSITIES.evaluation.required,
      ),
    );
    // The second Harvard row has the same key after norm_str: dropped (the first is kept).
    // The gold's "mit" duplicates "MIT": dropped. Both tables have 2 rows, both rows right.
    expect(s.counts).toMatchObject({
      tableRows: 3,
      predRows: 2,
      goldRows: 2,
      duplicatePredRows: 1,
      duplicateGoldRows: 1,
      matchedRows: 2,
    });
    expect(s.success).toBe(true);
  });
});

describe("scoreWideSearch: invalid responses keep the reason", () => {
  it("a missing column", () => {
    const s = scoreWideSearch(
      md("| University | Country |", "|---|---|", "| MIT | USA |"),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.status).toBe("column_mismatch");
    expect(s.reason).toBe('columns ≠ required: missing "rank"');
    expect(sixOf(s)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(s.success).toBe(false);
    expect(s.missingGoldRows).toHaveLength(3);
  });

  it("an extra column", () => {
    const s = scoreWideSearch(
      md("| University | Country | Rank | Notes |", "|---|---|---|---|", "| MIT | USA | 2 | - |"),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.status).toBe("column_mismatch");
    expect(s.reason).toMatch(/unexpected "notes"/);
    expect(s.columns.mapping).toContainEqual({ header: "Notes", column: null });
  });

  it("a column given twice", () => {
    const s = scoreWideSearch(
      md("| University | Country | Rank | rank |", "|---|---|---|---|", "| MIT | USA | 2 | 2 |"),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.reason).toMatch(/"rank" appears twice/);
  });

  it("no table at all", () => {
    const s = scoreWideSearch(
      "I am sorry, I could not complete the research.",
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s).toMatchObject({
      status: "no_table",
      reason: "no markdown table in the response",
      success: false,
      table: null,
    });
  });

  it("no response", () => {
    expect(scoreWideSearch(null, UNIVERSITIES, UNIVERSITIES_GOLD).status).toBe("no_response");
    expect(scoreWideSearch("  ", UNIVERSITIES, UNIVERSITIES_GOLD).status).toBe("no_response");
  });

  it("headers align through norm_str; an empty header column is ignored", () => {
    const s = scoreWideSearch(
      md(
        "| **UNIVERSITY** | Coun try | Rank | |",
        "|---|---|---|---|",
        "| MIT | USA | 2 | x |",
        "| Harvard University | USA | 1 | y |",
        "| Stanford University | USA | 3 | z |",
      ),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.status).toBe("scored");
    expect(s.success).toBe(true);
    expect(s.warnings).toContain("column 4 has no header; its cells are ignored");
  });
});

describe("scoreWideSearch: empty cells", () => {
  it("an empty cell stays empty: NULL after extract_number, never 'nan'", () => {
    const gold = parseWideSearchGoldCsv(
      "University,Country,Rank\nHarvard University,,\nMIT,USA,2\n",
      "g.csv",
      UNIVERSITIES.evaluation.required,
    );
    const s = scoreWideSearch(
      md(
        "| University | Country | Rank |",
        "|---|---|---|",
        "| Harvard University |  |  |",
        "| MIT | USA |  |",
      ),
      UNIVERSITIES,
      gold,
    );
    const harvard = s.rows[0].cells;
    expect(harvard.map((c) => c.predictedProcessed)).toEqual(["harvarduniversity", "", "NULL"]);
    // Both empty: exact_match "" = "" → 1; number_near NULL = NULL → 1.
    expect(harvard.map((c) => c.score)).toEqual([1, 1, 1]);
    // MIT's rank is empty against 2 → 0.
    expect(s.rows[1].cells[2]).toMatchObject({
      predictedProcessed: "NULL",
      goldProcessed: "2",
      score: 0,
    });
    expect(JSON.stringify(s)).not.toMatch(/"nan"/);
  });

  it("short rows are padded with empty cells and reported", () => {
    const s = scoreWideSearch(
      md("| University | Country | Rank |", "|---|---|---|", "| MIT | USA |"),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.rows[0].cells[2]).toMatchObject({ predicted: "", score: 0 });
    expect(s.warnings).toEqual(["table row 1 has 2 cells, the header 3: padded with empty cells"]);
  });
});

describe("scoreWideSearch: llm_judge", () => {
  const JUDGED = task({
    unique_columns: ["university"],
    required: ["university", "rank", "deadline"],
    eval_pipeline: {
      university: { preprocess: ["norm_str"], metric: ["exact_match"] },
      rank: { preprocess: ["extract_number"], metric: ["number_near"], criterion: 0 },
      deadline: {
        preprocess: ["norm_str"],
        metric: ["llm_judge"],
        criterion: "The month and day must be correct",
      },
    },
  });
  const gold = parseWideSearchGoldCsv(
    "University,Rank,Deadline\nHarvard,1,January 1\nMIT,2,January 4\nYale,3,January 2\n",
    "g.csv",
    JUDGED.evaluation.required,
  );
  const response = md(
    "| University | Rank | Deadline |",
    "|---|---|---|",
    "| Harvard | 1 | Jan 1 |",
    "| MIT | 2 | 4 January |",
    "| Yale | 9 | Jan 2 |",
  );

  it("without a judge the cells are unscored: the metrics are a lower bound, the upper bound is given", () => {
    const s = scoreWideSearch(response, JUDGED, gold);
    expect(s.complete).toBe(false);
    // Yale's row is 0 anyway (rank 9 ≠ 3), but its deadline cell is still unscored.
    expect(s.unscoredCells).toBe(3);
    expect(s.rows.map((r) => r.score)).toEqual(["unscored", "unscored", 0]);
    expect(s.rows[0].cells[2]).toMatchObject({
      metric: "llm_judge",
      score: "unscored",
      why: "llm_judge: no judge configured",
    });
    // Lower bound (unscored → 0): TP_row = 0; TP_item = Harvard 2 + MIT 2 + Yale 1 = 5 of 9.
    expect(sixOf(s)).toEqual([0, 0, 0, 5 / 9, 5 / 9, 5 / 9].map((v) => expect.closeTo(v, 12)));
    // Upper bound (unscored → 1): TP_row = 2; TP_item = 3 + 3 + 2 = 8 of 9.
    expect(s.upperBound).toMatchObject({
      rowPrecision: 2 / 3,
      rowRecall: 2 / 3,
      itemPrecision: 8 / 9,
      success: false,
    });
  });

  it("a judge scores them, one call per column with every matched row", () => {
    const calls: JudgeColumnRequest[] = [];
    const judge: CellJudge = {
      judgeColumn(request) {
        calls.push(request);
        return request.items.map((item) => ({
          score: item.response === "jan1" || item.response === "4january" ? 1 : 0,
          why: "same day",
        }));
      },
    };
    const s = scoreWideSearch(response, JUDGED, gold, { judge });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      instanceId: "ws_en_900",
      column: "deadline",
      criterion: "The month and day must be correct",
    });
    expect(calls[0].items).toEqual([
      { response: "jan1", target: "january1" },
      { response: "4january", target: "january4" },
      { response: "jan2", target: "january2" },
    ]);
    expect(s.complete).toBe(true);
    expect(s.upperBound).toBeNull();
    // Rows: Harvard 1, MIT 1, Yale 0 (rank; and the judge gave 0). TP_row = 2, TP_item = 3 + 3 + 1 = 7.
    expect(sixOf(s)).toEqual(
      [2 / 3, 2 / 3, 2 / 3, 7 / 9, 7 / 9, 7 / 9].map((v) => expect.closeTo(v, 12)),
    );
    expect(s.rows[0].cells[2].why).toBe("llm_judge: same day");
  });

  it("an async judge gives the same result", async () => {
    const judge: AsyncCellJudge = {
      judgeColumn: async (request) => request.items.map(() => ({ score: 1 })),
    };
    const s = await scoreWideSearchAsync(response, JUDGED, gold, { judge });
    expect(s.complete).toBe(true);
    expect(s.rows.map((r) => r.score)).toEqual([1, 1, 0]);
  });

  it("a judge that answers for the wrong number of cells leaves them unscored, with the reason", () => {
    const s = scoreWideSearch(response, JUDGED, gold, {
      judge: { judgeColumn: () => [{ score: 1 }] },
    });
    expect(s.unscoredCells).toBe(3);
    expect(s.rows[0].cells[2].why).toBe("llm_judge: the judge returned 1 verdicts for 3 cells");
  });

  it("out-of-range or missing verdicts stay unscored", () => {
    const s = scoreWideSearch(response, JUDGED, gold, {
      judge: { judgeColumn: () => [{ score: 2 }, null, { score: 0 }] },
    });
    expect(s.rows.map((r) => r.cells[2].score)).toEqual(["unscored", "unscored", 0]);
    expect(s.rows[0].cells[2].why).toMatch(/not in \[0, 1\]/);
  });

  it("equal sorted tables succeed even when the judge disagrees (the official rule)", () => {
    const exact = md(
      "| University | Rank | Deadline |",
      "|---|---|---|",
      "| Harvard | 1 | January 1 |",
      "| MIT | 2 | January 4 |",
      "| Yale | 3 | January 2 |",
    );
    const s = scoreWideSearch(exact, JUDGED, gold, {
      judge: { judgeColumn: (r) => r.items.map(() => ({ score: 0 })) },
    });
    expect(s.tablesEqual).toBe(true);
    expect(s.success).toBe(true);
    expect(s.rowF1).toBe(0);
  });
});

describe("scoreWideSearch: cell breakdown", () => {
  it("shows each cell's values, preprocess, metric, score and why", () => {
    const s = scoreWideSearch(
      md("| University | Country | Rank |", "|---|---|---|", "| MIT | USA | No. 5 |"),
      UNIVERSITIES,
      UNIVERSITIES_GOLD,
    );
    expect(s.rows[0].key).toEqual({ university: "MIT" });
    expect(s.rows[0].cells[2]).toEqual({
      column: "rank",
      predicted: "No. 5",
      gold: "2",
      predictedProcessed: "5",
      goldProcessed: "2",
      preprocess: ["extract_number"],
      isKey: false,
      metric: "number_near",
      checks: [{ metric: "number_near", score: 0, why: "|5 − 2| = 3 > 0 (0% of |2|)" }],
      score: 0,
      why: "|5 − 2| = 3 > 0 (0% of |2|)",
    });
  });
});
