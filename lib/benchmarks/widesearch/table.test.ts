import { describe, expect, it } from "vitest";
import {
  findResponseTable,
  isSeparatorRow,
  markdownBlocks,
  normalizeColumnName,
  splitTableRow,
} from "./table";

describe("splitTableRow", () => {
  it("makes leading and trailing pipes optional and trims cells", () => {
    expect(splitTableRow("| a | b |")).toEqual(["a", "b"]);
    expect(splitTableRow("a | b")).toEqual(["a", "b"]);
    expect(splitTableRow("  |a|b  ")).toEqual(["a", "b"]);
  });

  it("keeps empty cells in the middle and escaped pipes inside cells", () => {
    expect(splitTableRow("| a |  | c |")).toEqual(["a", "", "c"]);
    expect(splitTableRow("| x \\| y | z |")).toEqual(["x | y", "z"]);
  });

  it("keeps bold markers for preprocessing to remove", () => {
    expect(splitTableRow("| **Harvard** | 1 |")).toEqual(["**Harvard**", "1"]);
  });
});

describe("isSeparatorRow", () => {
  it("recognises GFM separators, aligned or not", () => {
    expect(isSeparatorRow("|---|---|")).toBe(true);
    expect(isSeparatorRow("| :--- | :---: | ---: |")).toBe(true);
    expect(isSeparatorRow("--- | ---")).toBe(true);
    expect(isSeparatorRow("| a | b |")).toBe(false);
    expect(isSeparatorRow("| | |")).toBe(false);
  });
});

describe("normalizeColumnName", () => {
  it("lower-cases and removes spaces", () => {
    expect(normalizeColumnName(" Home Page ")).toBe("homepage");
    expect(normalizeColumnName("QS World University Rankings 2025")).toBe(
      "qsworlduniversityrankings2025",
    );
    expect(normalizeColumnName("本国累计票房收益")).toBe("本国累计票房收益");
  });
});

describe("findResponseTable", () => {
  it("reads the first ```markdown block", () => {
    const text =
      "Here you go:\n```markdown\n| Name | Year |\n|---|---|\n| A | 2020 |\n| B | 2021 |\n```\nDone.";
    expect(findResponseTable(text)).toEqual({
      header: ["Name", "Year"],
      rows: [
        ["A", "2020"],
        ["B", "2021"],
      ],
      raggedRows: [],
      source: "fenced",
    });
  });

  it("prefers the fenced table over an earlier bare one", () => {
    const text = "| x | y |\n|---|---|\n| 1 | 2 |\n\n```markdown\n| Name |\n|---|\n| A |\n```";
    expect(findResponseTable(text)?.header).toEqual(["Name"]);
  });

  it("skips blank lines, separators and empty rows inside the fence, as the official parser", () => {
    const text = "```markdown\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| | |\n| 3 | 4 |\n```";
    expect(findResponseTable(text)?.rows).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("takes a later fenced block when the first holds no table", () => {
    const text = "```markdown\n# Notes only\n```\n```markdown\n| a |\n|---|\n| 1 |\n```";
    expect(markdownBlocks(text)).toHaveLength(2);
    expect(findResponseTable(text)?.rows).toEqual([["1"]]);
  });

  it("finds a fence-less table in free text and stops at the first blank line", () => {
    const text = "Summary below.\n\nName | Year\n--- | ---\nA | 2020\nB | 2021\n\nSources: x | y";
    const table = findResponseTable(text);
    expect(table?.source).toBe("bare");
    expect(table?.header).toEqual(["Name", "Year"]);
    expect(table?.rows).toEqual([
      ["A", "2020"],
      ["B", "2021"],
    ]);
  });

  it("accepts a pipe table without a separator row", () => {
    const table = findResponseTable("Result:\n| a | b |\n| 1 | 2 |\nend");
    expect(table?.header).toEqual(["a", "b"]);
    expect(table?.rows).toEqual([["1", "2"]]);
  });

  it("reads an unclosed fence (a truncated response) as a bare table", () => {
    const table = findResponseTable("```markdown\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(table?.source).toBe("bare");
    expect(table?.rows).toEqual([["1", "2"]]);
  });

  it("pads short rows, cuts long ones and reports both", () => {
    const table = findResponseTable(
      "| a | b | c |\n|---|---|---|\n| 1 | 2 |\n| 1 | 2 | 3 | 4 |\n| 5 | 6 | 7 ||",
    );
    expect(table?.rows).toEqual([
      ["1", "2", ""],
      ["1", "2", "3"],
      ["5", "6", "7"],
    ]);
    expect(table?.raggedRows).toEqual([
      { row: 0, cells: 2 },
      { row: 1, cells: 4 },
    ]);
  });

  it("returns a header-only table with no rows", () => {
    expect(findResponseTable("| a | b |\n|---|---|")?.rows).toEqual([]);
  });

  it("returns null when there is no table", () => {
    expect(findResponseTable("I could not find enough information.")).toBeNull();
    expect(findResponseTable("A single | pipe in prose.")).toBeNull();
    expect(findResponseTable("")).toBeNull();
  });
});
