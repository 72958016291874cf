/**
 * The transcript search's highlights, drawn with the CSS Custom Highlight API: ranges over
 * the page's text nodes, so no element is added to text React owns (server-rendered rows and
 * bodies opened later alike). Browsers without the API get the search without the colour.
 */
import { escapeRegExp } from "@/lib/regexp";

const ALL = "transcript-find";
const CURRENT = "transcript-find-current";

/** Highlights every occurrence of `phrase` (ignoring case) in `root`'s text, those inside `current` apart; answers `current`'s ranges. */
export function highlightPhrase(
  root: HTMLElement,
  phrase: string,
  current: HTMLElement | null,
): Range[] {
  if (typeof CSS === "undefined" || !("highlights" in CSS)) return [];
  CSS.highlights.delete(ALL);
  CSS.highlights.delete(CURRENT);
  if (phrase.trim() === "") return [];
  const pattern = new RegExp(escapeRegExp(phrase), "giu");
  const elsewhere: Range[] = [];
  const here: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // The controls' own words ("Show the whole thought") are not the transcript.
    if (node.parentElement?.closest("button")) continue;
    for (const match of (node.nodeValue ?? "").matchAll(pattern)) {
      const range = new Range();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      (current?.contains(node) ? here : elsewhere).push(range);
    }
  }
  CSS.highlights.set(ALL, new Highlight(...elsewhere));
  CSS.highlights.set(CURRENT, new Highlight(...here));
  return here;
}

export function clearHighlights(): void {
  if (typeof CSS === "undefined" || !("highlights" in CSS)) return;
  CSS.highlights.delete(ALL);
  CSS.highlights.delete(CURRENT);
}
