/** Texts of the market area (the message catalogue's section M.market; spec texts verbatim). */
export const market = {
} as const;
