/** Texts of the favorite area (the message catalogue's section M.favorite; spec texts verbatim). */
export const favorite = {
} as const;
