/** Texts of the shelf area (the message catalogue's section M.shelf; spec texts verbatim). */
export const shelf = {
} as const;
