/**
 * WideSearch cell preprocessing (`metrics.md`, WideSearch): the three functions an
 * `eval_pipeline` entry may name, plus the date and number readers the metrics share.
 * Pure and total: every function accepts any string and never throws.
 */

export const PREPROCESS_NAMES = ["norm_str", "extract_number", "norm_date"] as const;
export type PreprocessName = (typeof PREPROCESS_NAMES)[number];

/** What `extract_number` yields when the cell holds no number (the official code's value). */
export const NO_NUMBER = "NULL";

/**
 * Unicode decimal digits (full-width `１２`, Arabic-Indic, …) as ASCII. Python's `\d` and
 * `float()` accept them, so the official regex and `float` read them; JavaScript's do not.
 * Unicode guarantees Nd digits come in contiguous runs starting at 0, so a digit's value
 * is its distance from the start of its run, modulo 10.
 */
export function asciiDigits(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  const isDigit = (cp: number) => /\p{Nd}/u.test(String.fromCodePoint(cp));
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x7f && isDigit(cp)) {
      let start = cp;
      while (isDigit(start - 1)) start -= 1;
      out += String((cp - start) % 10);
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * `norm_str`: lower-case, trim, remove spaces and `*` (so `**Bold**` loses its markers).
 * We remove every whitespace character (tab, no-break and ideographic spaces too), where
 * the official code removes only U+0020 — a no-break space must not make two cells differ.
 */
export function normStr(content: string): string {
  return content.toLowerCase().replace(/\s+/gu, "").replace(/\*/g, "");
}

const NUMBER_PATTERN = /[-+]?\p{Nd}*\.\p{Nd}+%?|[-+]?\p{Nd}+\.?\p{Nd}*%?/u;

/**
 * `extract_number`: the first number in the cell after removing `,` (thousands
 * separators), with a `%` kept only when it touches the number: `7.9 %` → `7.9`,
 * `-12.5%` → `-12.5%`, `1,234 km` → `1234`. No number → `NULL`. Digits come back ASCII.
 */
export function extractNumber(content: string): string {
  const match = NUMBER_PATTERN.exec(content.replace(/,/g, ""));
  return match ? asciiDigits(match[0]) : NO_NUMBER;
}

/**
 * A cell as a number the way Python's `float()` reads it: optional sign, decimal digits
 * with an optional point and exponent, surrounding whitespace allowed. `inf` and `nan`
 * are not numbers here (no WideSearch cell means them). Anything else → null.
 */
export function parseNumber(text: string): number | null {
  const s = asciiDigits(text).trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null;
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const MONTH_INDEX: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const ORD = "(?:st|nd|rd|th)?";

function monthOf(name: string): number {
  return MONTH_INDEX[name.slice(0, 3)];
}

/** Two-digit years as Python's `%y`: 00–68 → 2000–2068, 69–99 → 1969–1999. */
function fullYear(text: string): number {
  const y = Number(text);
  if (text.length > 2) return y;
  return y < 69 ? 2000 + y : 1900 + y;
}

function valid(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}

type DateRule = [RegExp, (m: RegExpExecArray) => CalendarDate | null];

const DATE_RULES: DateRule[] = [
  // ISO and its slash/dot variants: 2024-03-05, 2024/3/5, 2024.03.05
  [/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/, (m) => valid(+m[1], +m[2], +m[3])],
  // Year and month: 2024-03, 2024/3 → the 1st (as the official PREFER_DAY_OF_MONTH="first")
  [/^(\d{4})[-/.](\d{1,2})$/, (m) => valid(+m[1], +m[2], 1)],
  // 2024年3月5日, 2024年3月5号, 2024年3月, 2024年
  [/^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]$/, (m) => valid(+m[1], +m[2], +m[3])],
  [/^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})$/, (m) => valid(+m[1], +m[2], +m[3])],
  [/^(\d{4})\s*年\s*(\d{1,2})\s*月$/, (m) => valid(+m[1], +m[2], 1)],
  [/^(\d{4})\s*年$/, (m) => valid(+m[1], 1, 1)],
  // Numeric with the year last: month first (dateparser's English default), day first
  // only when the first number cannot be a month: 03/05/2024 → March 5, 25/12/2024 → Dec 25.
  [
    /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/,
    (m) => {
      const a = +m[1];
      const b = +m[2];
      const year = fullYear(m[3]);
      return a > 12 ? valid(year, b, a) : valid(year, a, b);
    },
  ],
  // March 5, 2024 · Mar. 5th 2024 · march5,2024 (after norm_str) · Mar-05-2024
  [
    new RegExp(`^${MONTH}\\.?[\\s\\-/.]*(\\d{1,2})${ORD}[\\s,\\-/.]*(\\d{4})$`),
    (m) => valid(+m[3], monthOf(m[1]), +m[2]),
  ],
  // 5 March 2024 · 5th of March, 2024 · 05-Mar-2024 · 5march2024
  [
    new RegExp(`^(\\d{1,2})${ORD}[\\s\\-/.]*(?:of\\s*)?${MONTH}\\.?[\\s,\\-/.]*(\\d{4})$`),
    (m) => valid(+m[3], monthOf(m[2]), +m[1]),
  ],
  // March 2024 · Mar. 2024 · march2024 → the 1st
  [new RegExp(`^${MONTH}\\.?[\\s,\\-/.]*(\\d{4})$`), (m) => valid(+m[2], monthOf(m[1]), 1)],
  // A bare year → 1 January (deterministic; dateparser would take today's month)
  [/^(\d{4})$/, (m) => (+m[1] >= 1000 && +m[1] <= 2999 ? valid(+m[1], 1, 1) : null)],
];

const WEEKDAY_PREFIX = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s*/;
const TIME_SUFFIX =
  /(?:t|\s+|,\s*)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?\s*(?:z|utc|gmt|[+-]\d{2}:?\d{2})?$/;

/**
 * A calendar date from a cell, or null. Accepts ISO (with or without a time), `2024/03/05`,
 * `March 5, 2024`, `5 March 2024`, `Tuesday, March 5th, 2024`, `03/05/2024` (month first),
 * `2024年3月5日`, year-month forms (→ the 1st) and a bare year (→ 1 January). Relative
 * phrases (`yesterday`) and dates without a year are not dates: they would depend on
 * today, as they do in the official `dateparser` call.
 */
export function parseDate(content: string): CalendarDate | null {
  let s = asciiDigits(content).toLowerCase().replace(/\*/g, "").trim();
  s = s.replace(WEEKDAY_PREFIX, "").replace(TIME_SUFFIX, "").trim();
  if (s === "") return null;
  for (const [pattern, build] of DATE_RULES) {
    const m = pattern.exec(s);
    if (m) return build(m);
  }
  return null;
}

export function formatDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** `norm_date`: the date as `YYYY-MM-DD` when it parses, else the cell unchanged. */
export function normDate(content: string): string {
  const date = parseDate(content);
  return date ? formatDate(date) : content;
}

export function applyPreprocess(name: PreprocessName, content: string): string {
  switch (name) {
    case "norm_str":
      return normStr(content);
    case "extract_number":
      return extractNumber(content);
    case "norm_date":
      return normDate(content);
    default: {
      const unknown: never = name;
      throw new Error(`unknown preprocess ${String(unknown)}`);
    }
  }
}

/** A cell through a pipeline's preprocess list, in order. */
export function preprocessCell(content: string, steps: readonly PreprocessName[]): string {
  return steps.reduce((value, step) => applyPreprocess(step, value), content);
}
