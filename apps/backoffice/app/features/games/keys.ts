/** Query keys of the catalogue editor: every change invalidates `games` (lists, collections, a game). */
export const gameKeys = {
  all: ['games'] as const,
  list: (query: object) => ['games', 'list', query] as const,
  providers: ['games', 'providers'] as const,
  collections: ['games', 'collections'] as const,
  collectionGames: (id: string) => ['games', 'collections', id, 'games'] as const,
};
