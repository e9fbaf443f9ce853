/** Texts of the rights area (the message catalogue's section M.rights; spec texts verbatim). */
export const rights = {
} as const;
