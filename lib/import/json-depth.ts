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
      if (c === 0x5c) i++; // backslash: the next character is escaped
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
