/** Texts of the equipment area (the message catalogue's section M.equipment; spec texts verbatim). */
export const equipment = {
} as const;
