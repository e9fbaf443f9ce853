/** Error codes of the rights area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const rightsErrors = {
} as const;
