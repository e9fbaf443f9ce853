/** Error codes of the shop area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const shopErrors = {
} as const;
