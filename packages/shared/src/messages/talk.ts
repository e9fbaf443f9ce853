/** Texts of the talk area (the message catalogue's section M.talk; spec texts verbatim). */
export const talk = {
} as const;
