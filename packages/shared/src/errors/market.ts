/** Error codes of the market area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const marketErrors = {
} as const;
