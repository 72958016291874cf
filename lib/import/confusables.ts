/**
 * Confusable names: `GPT-4\u043e-search` (Cyrillic о) reads as `GPT-4o-search`. Two names are
 * confusable when they differ but have the same skeleton (Unicode TR39, section 4): each
 * character replaced by the prototype it is visually confusable with, after compatibility
 * decomposition (NFKD folds fullwidth forms, mathematical letters and ligatures). Pure.
 */
import { codePoint } from "./display-names";

/**
 * The prototype of each confusable character, grouped by prototype: the "MA" entries of
 * Unicode's confusables.txt 14.0.0 (https://www.unicode.org/Public/security/14.0.0/confusables.txt)
 * whose prototype is ASCII and whose source is ASCII or a Latin, IPA, modifier-letter, Greek,
 * Cyrillic, Armenian or Cherokee letter that NFKD leaves as it is: the look-alikes of the
 * letters, digits and punctuation model names are written in. TR39's own prototypes are kept,
 * so `0` reads as `O`, `1` and `I` as `l`, and `m` as `rn`.
 */
const PROTOTYPES: readonly (readonly [prototype: string, sources: string])[] = [
  ["!", "ǃ"],
  ["&", "ꝸ"],
  ["'", "՝՚`ʹˈˊˋ˴ʻʽʼʾꞌ"],
  ["''", '"ʺ˶ˮ'],
  ["'B", "Ɓ"],
  ["'D", "Ɗ"],
  ["'P", "Ƥ"],
  ["'T", "Ƭ"],
  ["'Y", "Ƴ"],
  ["-", "˗"],
  ["2", "ꝚƧϨꙄ"],
  ["3", "ꞫȜƷꝪЗӠ"],
  ["4", "Ꮞ"],
  ["5", "Ƽ"],
  ["6", "бᏮ"],
  ["8", "ȣȢ"],
  ["9", "Ꝯ"],
  [":", "։˸꞉ː"],
  ["<", "˂"],
  [">", "˃"],
  ["?", "ʔɁᎮ"],
  ["A", "ΑАᎪ"],
  ["AA", "Ꜳ"],
  ["AE", "ÆӔ"],
  ["AO", "Ꜵ"],
  ["AU", "Ꜷ"],
  ["AV", "ꜸꜺ"],
  ["AY", "Ꜽ"],
  ["B", "ꞴΒВᏴ"],
  ["C", "СᏟ"],
  ["C'", "Ƈ"],
  ["D", "Ꭰ"],
  ["E", "ΕЕᎬ"],
  ["F", "ꞘϜ"],
  ["G", "ԌᏀᏳ"],
  ["G'", "Ɠ"],
  ["H", "ΗНᎻ"],
  ["J", "ꞲͿЈᎫ"],
  ["K", "ΚКᏦ"],
  ["K'", "Ƙ"],
  ["L", "Ꮮ"],
  ["M", "ΜϺМᎷ"],
  ["N", "Ν"],
  ["O", "0ΟОՕ"],
  ["O'", "Ꭴ"],
  ["OE", "Œ"],
  ["OO", "ꝎꚘ"],
  ["P", "ΡРᏢ"],
  ["R", "ƦᎡᏒ"],
  ["S", "ЅՏᏕᏚ"],
  ["T", "ΤТᎢ"],
  ["T3", "Ꜩ"],
  ["U", "Ս"],
  ["V", "ѴᏙ"],
  ["W", "ԜᎳᏔ"],
  ["X", "ꞳΧХ"],
  ["Y", "ΥУҮᎩᎽ"],
  ["Z", "ΖᏃ"],
  ["^", "˄ˆ"],
  ["a", "ɑαа"],
  ["aa", "ꜳ"],
  ["ae", "æӕ"],
  ["ao", "ꜵ"],
  ["au", "ꜷ"],
  ["av", "ꜹꜻ"],
  ["ay", "ꜽ"],
  ["b", "ƄЬᏏ"],
  ["bl", "Ы"],
  ["c", "ᴄсꮯ"],
  ["d", "ԁᏧ"],
  ["dz", "ʣ"],
  ["e", "℮ꬲеҽ"],
  ["f", "ꬵꞙẝք"],
  ["g", "ɡᶃƍց"],
  ["h", "һհᏂ"],
  ["i", "ıɪɩιіꙇӏꭵᎥ"],
  ["j", "ϳј"],
  ["l", "|1IƖǀΙІӀ"],
  ["lO", "Ю"],
  ["ll", "ǁ"],
  ["ls", "ʪ"],
  ["lz", "ʫ"],
  ["n", "ոռ"],
  ["o", "ᴏᴑꬽοσоօ"],
  ["oe", "œ"],
  ["oo", "ꝏꚙ"],
  ["p", "ρр"],
  ["q", "ԛգզ"],
  ["r", "ꭇꭈᴦгꮁ"],
  ["r'", "ґ"],
  ["rn", "m"],
  ["s", "ꜱƽѕꮪ"],
  ["tf", "ꝷ"],
  ["ts", "ʦ"],
  ["u", "ꞟᴜꭎꭒʋυս"],
  ["ue", "ᵫ"],
  ["uo", "ꭣ"],
  ["v", "ᴠνѵꮩ"],
  ["w", "ɯᴡѡԝաꮃ"],
  ["x", "×х"],
  ["y", "ɣᶌʏỿꭚγуү"],
  ["z", "ᴢꮓ"],
];

const PROTOTYPE_OF: ReadonlyMap<string, string> = new Map(
  PROTOTYPES.flatMap(([prototype, sources]) => Array.from(sources, (c) => [c, prototype] as const)),
);

/** The TR39 skeleton of `name`: equal skeletons mean the names can pass for each other. */
export function skeleton(name: string): string {
  return Array.from(name.normalize("NFKD"), (c) => PROTOTYPE_OF.get(c) ?? c)
    .join("")
    .normalize("NFD");
}

/** Whether two different names can pass for each other. */
export function confusable(a: string, b: string): boolean {
  return a !== b && skeleton(a) === skeleton(b);
}

/** Where two names differ: their common start and end, and what each has between them. */
export interface NameDifference {
  prefix: string;
  a: string;
  b: string;
  suffix: string;
}

/** The part of two names that differs, by code points (a surrogate pair is never split). */
export function nameDifference(a: string, b: string): NameDifference {
  const x = Array.from(a);
  const y = Array.from(b);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let end = 0;
  while (
    end < x.length - start &&
    end < y.length - start &&
    x[x.length - 1 - end] === y[y.length - 1 - end]
  )
    end++;
  return {
    prefix: x.slice(0, start).join(""),
    a: x.slice(start, x.length - end).join(""),
    b: y.slice(start, y.length - end).join(""),
    suffix: x.slice(x.length - end).join(""),
  };
}

/** The scripts model names' look-alikes come from; anything else is named by its code point only. */
const SCRIPTS = ["Latin", "Cyrillic", "Greek", "Armenian", "Cherokee"] as const;
const SCRIPT_TESTS = SCRIPTS.map(
  (script) => [script, new RegExp(`^\\p{Script=${script}}$`, "u")] as const,
);

/** Each code point of `text` as `U+043E Cyrillic` (`U+0030` for digits, punctuation and others), for a moderator to see which differ. */
export function describeCodePoints(text: string): string[] {
  return Array.from(text, (c) => {
    const code = codePoint(c);
    const script = SCRIPT_TESTS.find(([, test]) => test.test(c))?.[0];
    return script ? `${code} ${script}` : code;
  });
}
