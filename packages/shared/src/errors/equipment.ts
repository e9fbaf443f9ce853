/** Error codes of the equipment area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const equipmentErrors = {
} as const;
