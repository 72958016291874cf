/**
 * The names a submission is shown by (model, agent, setting) are a team's text on a public
 * board: a character that is invisible or changes the reading direction (U+202E, U+200B,
 * U+2066, controls) would make one name pass for another, so a bundle with one is refused,
 * the character named. Pure.
 */
import { BundleError } from "./errors";

/** Control (Cc) and format (Cf) characters: bidi overrides and isolates, zero-width characters, BOMs. */
const HIDDEN = /[\p{Cc}\p{Cf}]/gu;

/** `c` as U+XXXX. */
export const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The hidden characters of `text`, as U+XXXX, each once, in order. */
export function hiddenCharacters(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(HIDDEN), (m) => codePoint(m[0])))];
}

/** Refuses the manifest when one of its display names holds a hidden character. */
export function checkDisplayNames(
  file: string,
  names: { model: string; agent?: string | null; setting: string },
): void {
  const details = (["model", "agent", "setting"] as const).flatMap((field) => {
    const hidden = hiddenCharacters(names[field] ?? "");
    return hidden.length
      ? [
          {
            file,
            line: null,
            field,
            message: `${field} holds invisible or direction-changing characters (${hidden.join(", ")}): a name must read as what it is`,
          },
        ]
      : [];
  });
  if (details.length) throw new BundleError(details);
}
