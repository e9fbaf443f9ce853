/** Texts of the report area (the message catalogue's section M.report; spec texts verbatim). */
export const report = {
} as const;
