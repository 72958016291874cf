import { describe, expect, it } from "vitest";
import {
  NO_NUMBER,
  asciiDigits,
  daysBetween,
  extractNumber,
  normDate,
  normStr,
  parseDate,
  parseNumber,
  preprocessCell,
} from "./preprocess";

describe("normStr", () => {
  it("lower-cases, trims, removes spaces and asterisks", () => {
    expect(normStr("  **Harvard University**  ")).toBe("harvarduniversity");
    expect(normStr("New York")).toBe("newyork");
    expect(normStr("A * B")).toBe("ab");
  });

  it("treats tabs, no-break and ideographic spaces as spaces", () => {
    expect(normStr("New\u00a0York\tCity\u3000X")).toBe("newyorkcityx");
  });

  it("keeps an empty cell empty (never 'nan')", () => {
    expect(normStr("")).toBe("");
    expect(normStr("   ")).toBe("");
  });
});

describe("extractNumber", () => {
  it("takes the first number and drops thousands separators", () => {
    expect(extractNumber("1,234,567 people")).toBe("1234567");
    expect(extractNumber("about 12.5 million, up from 10")).toBe("12.5");
    expect(extractNumber("$3,000.75")).toBe("3000.75");
  });

  it("keeps a % that touches the number, not one after a space", () => {
    expect(extractNumber("7.9%")).toBe("7.9%");
    expect(extractNumber("7.9 %")).toBe("7.9");
    expect(extractNumber("-12.5% YoY")).toBe("-12.5%");
  });

  it("reads signs, leading-dot decimals and trailing points as the official pattern", () => {
    expect(extractNumber("+.5")).toBe("+.5");
    expect(extractNumber("-3")).toBe("-3");
    expect(extractNumber("5.")).toBe("5.");
    expect(extractNumber("7.9亿元")).toBe("7.9");
  });

  it("reads full-width digits and returns them as ASCII", () => {
    expect(extractNumber("票房１２.５亿")).toBe("12.5");
  });

  it("gives NULL when there is no number, including an empty cell", () => {
    expect(extractNumber("not disclosed")).toBe(NO_NUMBER);
    expect(extractNumber("")).toBe("NULL");
  });
});

describe("parseNumber", () => {
  it("accepts what Python's float accepts for plain decimals", () => {
    expect(parseNumber("10")).toBe(10);
    expect(parseNumber(" 10.0 ")).toBe(10);
    expect(parseNumber("-.5")).toBe(-0.5);
    expect(parseNumber("5.")).toBe(5);
    expect(parseNumber("1e-3")).toBe(0.001);
    expect(parseNumber("４２")).toBe(42);
  });

  it("rejects anything else", () => {
    for (const text of ["", "NULL", "1,000", "12%", "abc", "1.2.3", "nan", "inf"])
      expect(parseNumber(text)).toBeNull();
  });
});

describe("asciiDigits", () => {
  it("maps Unicode decimal digits of any script", () => {
    expect(asciiDigits("٣٤ and ０９ and 𝟕")).toBe("34 and 09 and 7");
    expect(asciiDigits("plain 123")).toBe("plain 123");
  });
});

describe("parseDate / normDate", () => {
  const iso = (text: string) => normDate(text);

  it("reads ISO dates, with or without a time", () => {
    expect(iso("2024-03-05")).toBe("2024-03-05");
    expect(iso("2024-3-5")).toBe("2024-03-05");
    expect(iso("2024-03-05T14:30:00Z")).toBe("2024-03-05");
    expect(iso("2024-03-05 14:30")).toBe("2024-03-05");
  });

  it("reads month-name dates in both orders", () => {
    expect(iso("March 5, 2024")).toBe("2024-03-05");
    expect(iso("Mar. 5th 2024")).toBe("2024-03-05");
    expect(iso("Tuesday, March 5, 2024")).toBe("2024-03-05");
    expect(iso("5 March 2024")).toBe("2024-03-05");
    expect(iso("5th of March, 2024")).toBe("2024-03-05");
    expect(iso("05-Mar-2024")).toBe("2024-03-05");
    expect(iso("Sept 30, 2023")).toBe("2023-09-30");
  });

  it("reads dates that went through norm_str first", () => {
    expect(iso(normStr("March 5, 2024"))).toBe("2024-03-05");
    expect(iso(normStr("5 March 2024"))).toBe("2024-03-05");
    expect(iso(normStr("**July 4th, 2024**"))).toBe("2024-07-04");
  });

  it("reads slash and dot forms; month first when ambiguous, as dateparser's English default", () => {
    expect(iso("2024/03/05")).toBe("2024-03-05");
    expect(iso("2024.03.05")).toBe("2024-03-05");
    expect(iso("03/05/2024")).toBe("2024-03-05");
    expect(iso("25/12/2024")).toBe("2024-12-25");
    expect(iso("3/5/24")).toBe("2024-03-05");
    expect(iso("3/5/99")).toBe("1999-03-05");
  });

  it("reads Chinese dates", () => {
    expect(iso("2024年3月5日")).toBe("2024-03-05");
    expect(iso("2024年03月05号")).toBe("2024-03-05");
    expect(iso("2024年3月")).toBe("2024-03-01");
    expect(iso("２０２４年３月５日")).toBe("2024-03-05");
  });

  it("takes the first of the month for year-month forms and 1 January for a bare year", () => {
    expect(iso("March 2024")).toBe("2024-03-01");
    expect(iso("2024-03")).toBe("2024-03-01");
    expect(iso("2024")).toBe("2024-01-01");
  });

  it("leaves what is not a date unchanged", () => {
    for (const text of [
      "TBD",
      "",
      "March 5",
      "yesterday",
      "2024-02-30",
      "13/13/2024",
      "12345",
      "NULL",
    ]) {
      expect(iso(text)).toBe(text);
      expect(parseDate(text)).toBeNull();
    }
  });

  it("counts days across months and leap years", () => {
    // 2024 is a leap year: Feb 28 → Mar 1 is 2 days.
    expect(daysBetween(parseDate("2024-02-28")!, parseDate("2024-03-01")!)).toBe(2);
    expect(daysBetween(parseDate("2024-03-01")!, parseDate("2023-03-01")!)).toBe(-366);
  });
});

describe("preprocessCell", () => {
  it("applies the steps in order", () => {
    expect(preprocessCell(" **1,024 km** ", ["norm_str", "extract_number"])).toBe("1024");
    expect(preprocessCell("March 5, 2024", ["norm_date", "norm_str"])).toBe("2024-03-05");
    expect(preprocessCell("As Written", [])).toBe("As Written");
  });
});
