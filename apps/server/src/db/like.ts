// LIKE patterns from what a person typed: `%`, `_` and `\` match themselves (PostgreSQL's default escape is `\`).

/** `text` with LIKE's wildcards escaped. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Values that contain `text`. */
export const containing = (text: string): string => `%${likeEscaped(text)}%`;

/** Values that start with `text`. */
export const startingWith = (text: string): string => `${likeEscaped(text)}%`;
