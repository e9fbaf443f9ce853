/**
 * Character grams for Chinese (and Latin) search inside words, on an index, the same on PGlite and PostgreSQL.
 *
 * A text is normalised (NFKC: full-width → half-width; lower case; spaces and punctuation removed) and cut into its
 * single characters and its pairs of neighbouring characters. A keyword of two or more characters is found through
 * its pairs (挖掘 → {挖掘}; 挖掘机 → {挖掘, 掘机}), a one-character keyword through the character itself. The gram
 * array of a keyword is contained in the gram array of every text containing the keyword (`grams @> $1`, a GIN
 * index); the query then re-checks `strpos(body, keyword) > 0` so that pairs met apart do not count.
 *
 * A gram is stored as one int4 (4 bytes in the array, not a text element): a character is its code point, a pair of
 * BMP characters is (first << 16 | second) as a signed 32-bit value. Characters outside the BMP fold onto 16 bits;
 * a rare collision only costs the re-check.
 */

const SEP = '|';

/** The normalised form of a text or keyword: NFKC, lower case, letters / digits / ideographs only. */
export function normalise(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const pair = (a: number, b: number) => ((a & 0xffff) << 16) | (b & 0xffff) | 0;

/** The grams of one normalised piece of text. */
function gramsOf(piece: string, into: Set<number>) {
  const cps = Array.from(piece, (c) => c.codePointAt(0)!);
  for (let i = 0; i < cps.length; i++) {
    into.add(cps[i]);
    if (i + 1 < cps.length) into.add(pair(cps[i], cps[i + 1]));
  }
}

/**
 * The searched body and its grams for a listing's fields (each field on its own: no pair spans two fields).
 * `maxChars`: each normalised field cut to that many characters (a caller that keeps the body in a btree bounds its
 * size: NFKC can make one character of input many).
 */
export function indexText(fields: string[], maxChars = Infinity): { body: string; grams: number[] } {
  const parts = fields
    .map(normalise)
    .map((p) => (p.length > maxChars ? Array.from(p).slice(0, maxChars).join('') : p))
    .filter(Boolean);
  const set = new Set<number>();
  for (const p of parts) gramsOf(p, set);
  return { body: parts.join(SEP), grams: [...set].sort((a, b) => a - b) };
}

/**
 * A keyword as the query needs it: the normalised terms (split on spaces; all must match) and the grams every
 * matching listing has. Empty when the keyword has no letter or digit.
 */
export function keywordQuery(kw: string): { terms: string[]; grams: number[] } {
  const terms = [...new Set(kw.split(/\s+/).map(normalise).filter(Boolean))];
  const set = new Set<number>();
  for (const t of terms) {
    const cps = Array.from(t, (c) => c.codePointAt(0)!);
    if (cps.length === 1) set.add(cps[0]);
    for (let i = 0; i + 1 < cps.length; i++) set.add(pair(cps[i], cps[i + 1]));
  }
  return { terms, grams: [...set].sort((a, b) => a - b) };
}

/**
 * Whether a gram is a pair rather than one character: a character is its code point (0 … 0x10FFFF); a pair's first
 * character is a letter or digit (≥ '0', 48) shifted by 16 bits, so the pair is above 0x10FFFF or negative.
 */
export const isPair = (g: number) => g < 0 || g > 0x10ffff;

/** A keyword term whose only gram is its one pair, which then finds exactly the texts holding the term: two BMP characters. */
export const isOnePair = (term: string) => term.length === 2 && Array.from(term).length === 2;
