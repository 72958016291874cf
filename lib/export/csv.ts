/**
 * RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled. A
 * text cell a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return: a model name is a team's text) is neutralised as OWASP
 * recommends: prefixed with `'` and quoted. Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly object[], columns?: readonly string[]): string {
  const header = columns ?? (rows.length ? Object.keys(rows[0]) : []);
  return (
    [
      header.map(cell).join(","),
      ...rows.map((row) => header.map((c) => cell(Reflect.get(row, c))).join(",")),
    ].join("\r\n") + "\r\n"
  );
}
