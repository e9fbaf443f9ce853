/** Texts of the shop area (the message catalogue's section M.shop; spec texts verbatim). */
export const shop = {
} as const;
