/**
 * Records nested deeper than this are refused before parsing: zod validation, step
 * parsing and JSON.stringify all recurse over a record, and a hostile one nested
 * thousands deep would overflow the stack (or just waste it). Real MPW records stay
 * under ten levels.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a JSON text nests arrays and objects deeper than `limit`; a linear scan that skips strings. */
export function jsonNestedDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `limit` (the same
 * measure as `jsonNestedDeeperThan`). V8's JSON.parse is iterative, so parsing first is
 * safe at any depth; walking the parsed containers then skips the string contents that
 * make up most of a record, which a character scan has to read one by one.
 */
export function valueNestedDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  if (typeof value !== "object" || value === null) return false;
  // Two parallel stacks, not one of {node, depth} pairs: a record holds hundreds of containers.
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop() as Record<string, unknown>;
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    for (const key in node) {
      const child = node[key];
      if (typeof child === "object" && child !== null) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
