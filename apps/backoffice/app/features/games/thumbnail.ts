import type { BackofficeGame } from '@croupier/contracts';

/** The 1x thumbnail the lobby shows for a game: the uploaded one first, else the hub's; null when neither. */
export function thumbnailOf(game: Pick<BackofficeGame, 'images' | 'customImages'>, size: '200x300' | '200x200') {
  return game.customImages[size]?.['1x'] ?? game.images[size]?.['1x'] ?? null;
}
