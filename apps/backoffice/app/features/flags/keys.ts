/** The flags queue and the interaction log, each under one key that a change invalidates whole. */
export const flagsKey = ['flags'] as const;
export const interactionsKey = ['interactions'] as const;
