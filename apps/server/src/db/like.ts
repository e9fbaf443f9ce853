/**
 * LIKE / ILIKE patterns from a person's search text: the text matches as typed, its `%`, `_` and `\` taken literally
 * (PostgreSQL's default escape character is the backslash). The one place that writes them (issue 27).
 */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching values that contain `s`. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;

/** A pattern matching values that start with `s` (the first digits of a phone). */
export const prefixPattern = (s: string) => `${escapeLike(s)}%`;
