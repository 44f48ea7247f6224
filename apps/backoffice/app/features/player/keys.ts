/** Query keys of one player's data; a change to the player invalidates `playerKey(id)` and everything under it. */
export const playerKey = (id: string) => ['player', id] as const;
export const player360Key = (id: string) => ['player', id, '360'] as const;
