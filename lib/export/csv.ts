/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled. */
export function toCsv(rows: readonly object[], columns?: readonly string[]): string {
  const header = columns ?? (rows.length ? Object.keys(rows[0]) : []);
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return "";
    const text = typeof value === "object" ? JSON.stringify(value) : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return (
    [
      header.map(cell).join(","),
      ...rows.map((row) => header.map((c) => cell(Reflect.get(row, c))).join(",")),
    ].join("\r\n") + "\r\n"
  );
}
