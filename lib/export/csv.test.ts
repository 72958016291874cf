import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes what RFC 4180 needs quoted and doubles quotes", () => {
    expect(toCsv([{ model: 'a,"b"', note: "two\nlines", n: 3 }])).toBe(
      'model,note,n\r\n"a,""b""","two\nlines",3\r\n',
    );
  });

  it("neutralises text a spreadsheet would run as a formula; numbers stay numbers", () => {
    const rows = [
      { model: '=HYPERLINK("http://x","y")' },
      { model: "@SUM(A1:A2)" },
      { model: "+1+1" },
      { model: "-2+3" },
      { model: "\tTAB" },
      { model: "\rCR" },
      { model: -0.25 },
      { model: "GPT-4o" },
    ];
    expect(toCsv(rows).split("\r\n").slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`,
      `"'@SUM(A1:A2)"`,
      `"'+1+1"`,
      `"'-2+3"`,
      `"'\tTAB"`,
      // The carriage return stays inside the quoted cell.
      `"'\rCR"`,
      "-0.25",
      "GPT-4o",
    ]);
  });

  it("neutralises the header too, and writes null as an empty cell", () => {
    expect(toCsv([{ "=x": null }])).toBe(`"'=x"\r\n\r\n`);
  });
});
