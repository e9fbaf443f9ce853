/** Error codes of the talk area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const talkErrors = {
} as const;
