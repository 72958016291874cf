/**
 * A real model response (kimi-k2.5 on ws_zh_001, from runshengdu/widesearch_exp; see
 * fixtures/README.md) scored with the task's published evaluation (the dataset card's
 * ws_zh_001) against a small made-up gold table.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseWideSearchGoldCsv, parseWideSearchTask } from "./formats";
import { scoreWideSearch } from "./score";

const RESPONSE = readFileSync(
  join(__dirname, "fixtures", "kimi-k2.5-ws_zh_001-response.md"),
  "utf8",
);

const TASK = parseWideSearchTask(
  {
    instance_id: "ws_zh_001",
    query: "我要做电影研究……",
    language: "zh",
    evaluation: JSON.stringify({
      unique_columns: ["国家", "电影名"],
      required: ["年份", "国家", "电影名", "导演", "本国累计票房收益", "电影类型"],
      eval_pipeline: {
        国家: { preprocess: ["norm_str"], metric: ["exact_match"] },
        年份: { preprocess: ["norm_str"], metric: ["exact_match"] },
        本国累计票房收益: {
          preprocess: ["extract_number"],
          metric: ["number_near"],
          criterion: 0.1,
        },
        导演: {
          preprocess: ["norm_str"],
          metric: ["llm_judge"],
          criterion: "和参考答案语义相同大致、或者指向的实体一致即可，不需要字字对应。",
        },
        电影类型: {
          preprocess: ["norm_str"],
          metric: ["llm_judge"],
          criterion: "答出参考答案中的部分类型（即子集）即视为正确",
        },
        电影名: {
          preprocess: ["norm_str"],
          metric: ["llm_judge"],
          criterion: "和参考答案语义相同大致即可",
        },
      },
    }),
  },
  "widesearch.jsonl",
  1,
);

// Made-up gold: three rows the response has under the same key, one ("芭比") it names in English.
const GOLD = parseWideSearchGoldCsv(
  '年份,国家,电影名,导演,本国累计票房收益,电影类型\n2020,中国,八佰,管虎,31.1亿元,战争\n2023,美国,芭比,格蕾塔·葛韦格,6.36亿美元,喜剧\n2021,中国,"你好，李焕英",贾玲,54.1亿元,喜剧\n2024,中国,热辣滚烫,贾玲,34.5亿元,喜剧\n',
  "ws_zh_001.csv",
  TASK.evaluation.required,
);

describe("a real response", () => {
  it("is found, parsed and joined on its composite key", () => {
    const s = scoreWideSearch(RESPONSE, TASK, GOLD);
    expect(s.status).toBe("scored");
    expect(s.table).toMatchObject({ source: "fenced", raggedRows: [] });
    expect(s.counts).toMatchObject({ tableRows: 50, predRows: 50, goldRows: 4, matchedRows: 3 });
    // "芭比" vs "Barbie": keys align by norm_str only (the official code would ask an LLM).
    expect(s.missingGoldRows.map((r) => r.key.电影名)).toEqual(["芭比"]);
    expect(s.extraPredictedRows).toHaveLength(47);
  });

  it("without a judge: 导演 and 电影类型 unscored, the metrics bounded", () => {
    const s = scoreWideSearch(RESPONSE, TASK, GOLD);
    // 3 matched rows × 2 llm_judge columns.
    expect(s.unscoredCells).toBe(6);
    // Per matched row: 年份 1, 国家 1 (key), 电影名 1 (key), 票房 1 (31.1 = 31.1; 54.1 = 54.1;
    // 34.6 vs 34.5 within 10%) → 4 sure items per row, 12 in all; 2 unscored per row.
    // Lower: TP_row 0, TP_item 12 → item P = 12/(50·6) = 0.04, item R = 12/(4·6) = 0.5.
    expect([s.rowPrecision, s.rowRecall, s.itemPrecision, s.itemRecall]).toEqual([
      0,
      0,
      expect.closeTo(0.04, 12),
      0.5,
    ]);
    // Upper: TP_row 3, TP_item 18 → row P = 3/50, R = 3/4; item P = 18/300, R = 18/24.
    expect(s.upperBound).toMatchObject({
      rowPrecision: expect.closeTo(0.06, 12),
      rowRecall: 0.75,
      itemPrecision: expect.closeTo(0.06, 12),
      itemRecall: 0.75,
    });
  });

  it("with a judge that wants the same words: directors match, genres do not", () => {
    const s = scoreWideSearch(RESPONSE, TASK, GOLD, {
      judge: {
        judgeColumn: (request) =>
          request.items.map((item) => ({ score: item.response === item.target ? 1 : 0 })),
      },
    });
    expect(s.complete).toBe(true);
    // 导演 3 × 1, 电影类型 3 × 0 ("战争片" vs "战争" …): TP_item = 12 + 3 = 15, every row 0.
    expect([s.rowF1, s.itemPrecision, s.itemRecall]).toEqual([
      0,
      expect.closeTo(15 / 300, 12),
      expect.closeTo(15 / 24, 12),
    ]);
    const baiwan = s.rows.find((r) => r.key.电影名 === "八佰")!;
    expect(baiwan.cells.map((c) => [c.column, c.score])).toEqual([
      ["年份", 1],
      ["国家", 1],
      ["电影名", 1],
      ["导演", 1],
      ["本国累计票房收益", 1],
      ["电影类型", 0],
    ]);
  });
});
