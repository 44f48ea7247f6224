import type { Collection, Game, GameImages, PaginationMeta, Winner } from '@croupier/contracts';

/**
 * What a game card renders (game-card.tsx), and nothing more: SSR loaders send lists of these instead of
 * whole `Game` answers, so the page's loader-data handoff and its render carry only the card's fields
 * (issue 15, decision 0079). A whole `Game` is a `GameCardData` too, so browser-fetched pages need no step.
 */
export interface GameCardData {
  id: string;
  identity: string;
  name: string;
  /** On a phone a game with a demo asks how to play first (the mobile-game modal). */
  isDemoMode: boolean;
  images: GameImages;
  customImages: GameImages;
  provider: { name: string };
  labels: { id: string; name: string }[];
}

/** The thumbnail a card shows (game-card.tsx); a projected card carries only this size. */
export const CARD_THUMBNAIL = '200x300' as const;
/** The thumbnail of a winners-strip entry (winners.tsx). */
export const WINNER_THUMBNAIL = '200x200' as const;

/** One thumbnail size of a game's images; `{}` when the game has none of that size. */
const onlySize = (images: GameImages, size: keyof GameImages): GameImages => {
  const set = images[size];
  return set ? { [size]: set } : {};
};

/** A card shows at most this many labels. */
export const MAX_LABELS = 2;

/** A card's fields of a game. */
export const toGameCard = (game: Game): GameCardData => ({
  id: game.id,
  identity: game.identity,
  name: game.name,
  isDemoMode: game.isDemoMode,
  images: onlySize(game.images, CARD_THUMBNAIL),
  customImages: onlySize(game.customImages, CARD_THUMBNAIL),
  provider: { name: game.provider.name },
  labels: game.labels.slice(0, MAX_LABELS).map((l) => ({ id: l.id, name: l.name })),
});

/** A page of games as cards, with its pagination (the first page of a category or provider grid). */
export const toCardPage = <P extends { data: Game[]; meta: PaginationMeta }>(
  page: P | null,
): { data: GameCardData[]; meta: PaginationMeta } | null =>
  page ? { data: page.data.map(toGameCard), meta: page.meta } : null;

/** What a collection row or tab renders of a collection. */
export type CollectionLink = Pick<Collection, 'id' | 'identity' | 'name'>;
export const toCollectionLink = ({ id, identity, name }: Collection): CollectionLink => ({ id, identity, name });

/** What the winners strip renders of a winner (winners.tsx). */
export type WinnerCard = Pick<Winner, 'nickname' | 'payout' | 'currency' | 'gameId' | 'gameName'> & {
  gameImages: GameImages;
  gameCustomImages: GameImages;
};
export const toWinnerCard = (w: Winner): WinnerCard => ({
  nickname: w.nickname,
  payout: w.payout,
  currency: w.currency,
  gameId: w.gameId,
  gameName: w.gameName,
  gameImages: onlySize(w.gameImages, WINNER_THUMBNAIL),
  gameCustomImages: onlySize(w.gameCustomImages, WINNER_THUMBNAIL),
});
