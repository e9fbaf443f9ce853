/** Error codes of the shelf area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const shelfErrors = {
} as const;
