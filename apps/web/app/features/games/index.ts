// What the routes use of games; they import it from here only (decision 0100). Server-only loaders are in
// index.server.ts; the game modals (game-modals.tsx) are loaded lazily by app/modal-registry.ts, not here.
export { toCardPage, toCollectionLink } from './card.ts';
export { CategoryTabs } from './category-tabs.tsx';
export { useFavorites } from './favorites.ts';
export { GameGrid, GameListGrid } from './game-grid.tsx';
export { GamePage } from './game-page.tsx';
export { Lobby } from './lobby.tsx';
export { categoriesRedirect, detectPlatform, gamesQuery, PLAYED_SIZE, parseSort } from './query.ts';
export { SortSelect } from './sort-select.tsx';
export { type ListStatus, useGameList } from './use-game-list.ts';
