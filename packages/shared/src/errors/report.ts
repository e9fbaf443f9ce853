/** Error codes of the report area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const reportErrors = {
} as const;
