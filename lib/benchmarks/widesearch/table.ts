/**
 * Finding and parsing the markdown table in a WideSearch response. The table is the
 * first ```` ```markdown ```` fenced block holding one, else the first pipe table anywhere
 * in the text. Cells are kept as written (bold markers included: preprocessing removes
 * them); only surrounding whitespace is trimmed.
 */

export interface RaggedRow {
  /** 0-based index among the body rows. */
  row: number;
  /** Cells the row had; the header has `header.length`. */
  cells: number;
}

export interface MarkdownTable {
  header: string[];
  /** Body rows, each exactly `header.length` cells (short rows padded with "", long ones cut). */
  rows: string[][];
  /** Rows whose cell count differed from the header's (extra empty trailing cells aside). */
  raggedRows: RaggedRow[];
  /** Where it was found: inside a ```markdown block, or as a bare pipe table. */
  source: "fenced" | "bare";
}

/** Column names compare in this form: lower-case, whitespace removed (the official `norm_column`). */
export function normalizeColumnName(name: string): string {
  return name.toLowerCase().replace(/\s+/gu, "");
}

/** Splits on unescaped pipes; `\|` is a literal pipe inside a cell. */
function splitOnPipes(line: string): string[] {
  const cells: string[] = [];
  let current = "";
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "\\" && line[i + 1] === "|") {
      current += "|";
      i += 1;
    } else if (ch === "|") {
      cells.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  cells.push(current);
  return cells;
}

/** True when the line has a pipe that is not escaped. */
export function hasPipe(line: string): boolean {
  return /(^|[^\\])\|/.test(line);
}

/** The cells of one table line; a leading and a trailing pipe are optional. */
export function splitTableRow(line: string): string[] {
  const parts = splitOnPipes(line.trim());
  if (parts.length > 1 && parts[0].trim() === "") parts.shift();
  if (parts.length > 1 && parts[parts.length - 1].trim() === "") parts.pop();
  return parts.map((cell) => cell.trim());
}

/** A header/body separator such as `|---|:--:|`: only `|`, `-`, `:` and spaces, with a dash. */
export function isSeparatorRow(line: string): boolean {
  return /^[\s|:-]*$/.test(line) && line.includes("-");
}

/** A line of only `|`, `-`, `:` and spaces (a separator, or a row of empty cells): skipped, as officially. */
function isFiller(line: string): boolean {
  return /^[\s|:-]*$/.test(line);
}

function tableFrom(
  header: string[],
  lines: readonly string[],
  source: MarkdownTable["source"],
): MarkdownTable {
  const width = header.length;
  const rows: string[][] = [];
  const raggedRows: RaggedRow[] = [];
  for (const line of lines) {
    const cells = splitTableRow(line);
    // Trailing empty cells beyond the header (`| a | b ||`) are not data.
    while (cells.length > width && cells[cells.length - 1] === "") cells.pop();
    if (cells.length !== width) raggedRows.push({ row: rows.length, cells: cells.length });
    rows.push(
      cells.length >= width
        ? cells.slice(0, width)
        : [...cells, ...Array<string>(width - cells.length).fill("")],
    );
  }
  return { header, rows, raggedRows, source };
}

/**
 * Inside a ```markdown block: the first line with a pipe is the header; every later line
 * with a pipe is a row (blank lines, separator rows and rows of empty cells skipped), as
 * the official parser.
 */
function tableInBlock(block: string): MarkdownTable | null {
  const lines = block.split(/\r?\n/);
  const start = lines.findIndex((line) => hasPipe(line) && !isFiller(line));
  if (start < 0) return null;
  const body = lines.slice(start + 1).filter((line) => hasPipe(line) && !isFiller(line));
  return tableFrom(splitTableRow(lines[start]), body, "fenced");
}

/**
 * In free text: the first line with a pipe that is followed by a separator row (a GFM
 * table); rows run until a blank line or a line without a pipe. Failing that, the first
 * run of two or more lines that start with `|` (a table without a separator row).
 */
function bareTable(text: string): MarkdownTable | null {
  const lines = text.split(/\r?\n/);
  const rowsFrom = (from: number) => {
    const body: string[] = [];
    for (let i = from; i < lines.length && lines[i].trim() !== "" && hasPipe(lines[i]); i++) {
      if (!isFiller(lines[i])) body.push(lines[i]);
    }
    return body;
  };
  for (let i = 0; i + 1 < lines.length; i++) {
    if (
      hasPipe(lines[i]) &&
      !isFiller(lines[i]) &&
      isSeparatorRow(lines[i + 1]) &&
      hasPipe(lines[i + 1])
    ) {
      return tableFrom(splitTableRow(lines[i]), rowsFrom(i + 2), "bare");
    }
  }
  const startsWithPipe = (line: string | undefined) =>
    line !== undefined && line.trimStart().startsWith("|");
  for (let i = 0; i + 1 < lines.length; i++) {
    if (startsWithPipe(lines[i]) && startsWithPipe(lines[i + 1]) && !isFiller(lines[i])) {
      const body: string[] = [];
      for (let j = i + 1; startsWithPipe(lines[j]); j++)
        if (!isFiller(lines[j])) body.push(lines[j]);
      return tableFrom(splitTableRow(lines[i]), body, "bare");
    }
  }
  return null;
}

/** Contents of ```markdown fenced blocks, in order (the tag matched in any case). */
export function markdownBlocks(text: string): string[] {
  return [...text.matchAll(/```markdown([\s\S]*?)```/gi)].map((m) => m[1]);
}

/**
 * The response table, or null when the text holds none. Deliberate difference: the
 * official code takes the first ```markdown block even when it holds no table (and then
 * fails); we take the first such block that holds a table, then fall back to a bare table.
 */
export function findResponseTable(text: string): MarkdownTable | null {
  for (const block of markdownBlocks(text)) {
    const table = tableInBlock(block);
    if (table) return table;
  }
  return bareTable(text);
}
