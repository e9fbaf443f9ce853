/** Error codes of the favorite area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const favoriteErrors = {
} as const;
