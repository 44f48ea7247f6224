import type { Bet, PaginationMeta, Spin, Winner } from '@croupier/contracts';
import { pageMeta } from '@croupier/contracts';
import { divRound } from '@croupier/contracts/reference/decimal';
import { BetStatus, toMajor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { publicNicknames } from '../player/index.ts';
import { latestWins, listRounds, type RoundRow } from '../wallet/index.ts';
import { gamesByIdentity, imagesOf, restrictedIn } from './catalogue.ts';
import { lobbyCacheOf } from './lobby-cache.ts';

// The game history reads the wallet's seamless rounds through its functions; names and images come from
// the catalogue (a round's gameId is the game identity). Rounds of games not in the catalogue keep their id.

const iso = (d: Date | null) => (d ?? new Date(0)).toISOString();

/** The catalogue rows of a page's games, through the lobby cache (decision 0047): one query less per page. */
const catalogueRows = (db: Db, identities: string[]) => {
  const distinct = [...new Set(identities)].sort();
  return lobbyCacheOf(db).read('catalogueMs', `byIdentity|${distinct.join(',')}`, () => gamesByIdentity(db, distinct));
};

/** open 1; rolled back 4 (refunded); settled: won 2 when it paid anything, lost 3 otherwise. */
export function betStatusOf(round: Pick<RoundRow, 'status' | 'winTotal'>): number {
  if (round.status === 'open') return BetStatus.open;
  if (round.status === 'rolled_back') return BetStatus.refunded;
  return round.winTotal > 0n ? BetStatus.won : BetStatus.lost;
}

/** payout ÷ stake to 2 decimals (half away from zero); 0 without a stake. */
export function coefficientOf(bet: bigint, win: bigint): number {
  if (bet <= 0n) return 0;
  return Number(divRound(win * 100n, bet)) / 100;
}

/** GET /api/game/bets: the player's settled (or rolled back) rounds, or the open ones. */
export async function listBets(
  db: Db,
  q: { playerId: string; isSettled: boolean; page: number; perPage: number },
): Promise<{ data: Bet[]; meta: PaginationMeta }> {
  const { rows, total } = await listRounds(db, {
    playerId: q.playerId,
    statuses: q.isSettled ? ['settled', 'rolled_back'] : ['open'],
    page: q.page,
    perPage: q.perPage,
  });
  const names = await catalogueRows(
    db,
    rows.map((r) => r.gameId),
  );
  return {
    data: rows.map((r) => ({
      id: `${r.providerId}:${r.roundId}`,
      gameId: r.gameId,
      roundId: r.roundId,
      game: names.get(r.gameId)?.name ?? r.gameId,
      amount: toMajor(r.betTotal, r.currency),
      payout: toMajor(r.winTotal, r.currency),
      currency: r.currency,
      createdAt: iso(r.createdAt),
      status: betStatusOf(r),
      coefficient: coefficientOf(r.betTotal, r.winTotal),
      ticketType: 0,
      items: [],
    })),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

/** GET /api/game/spins: the player's settled rounds, newest first. */
export async function listSpins(
  db: Db,
  q: { playerId: string; page: number; perPage: number },
): Promise<{ data: Spin[]; meta: PaginationMeta }> {
  const { rows, total } = await listRounds(db, { ...q, statuses: ['settled'] });
  const names = await catalogueRows(
    db,
    rows.map((r) => r.gameId),
  );
  return {
    data: rows.map((r) => ({
      id: `${r.providerId}:${r.roundId}`,
      game: names.get(r.gameId)?.name ?? r.gameId,
      gameIdentity: r.gameId,
      amount: toMajor(r.betTotal, r.currency),
      payout: toMajor(r.winTotal, r.currency),
      currency: r.currency,
      createdAt: iso(r.settledAt ?? r.createdAt),
    })),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

/** GET /api/game/spins/winners: the newest rounds that paid more than they staked (games shown on the platform, in the country). */
export async function listWinners(
  db: Db,
  q: { perPage: number; platform?: number; countryCode?: string },
  /** BIG_WIN_MULTIPLIER: the live winners (activity.ts) and this list show the same wins. */
  minMultiplier = 1,
): Promise<Winner[]> {
  // Read a little more than asked, so games hidden for the platform or the country still leave enough.
  const filtered = q.platform !== undefined || q.countryCode !== undefined;
  const limit = filtered ? Math.min(q.perPage * 4, 400) : q.perPage;
  const rows = await latestWins(db, { limit, minMultiplier });
  const [catalogue, nicknames] = await Promise.all([
    catalogueRows(
      db,
      rows.map((r) => r.gameId),
    ),
    publicNicknames(
      db,
      rows.map((r) => r.playerId),
    ),
  ]);
  const restricted = new Set<string>();
  if (q.countryCode) {
    for (const game of catalogue.values()) {
      if (await restrictedIn(db, game.id, [q.countryCode])) restricted.add(game.identity);
    }
  }
  const winners: Winner[] = [];
  for (const r of rows) {
    const game = catalogue.get(r.gameId);
    if (q.platform !== undefined && game && !game.platforms.includes(q.platform)) continue;
    if (restricted.has(r.gameId)) continue;
    if (game && !game.enabled) continue;
    winners.push({
      nickname: nicknames.get(r.playerId) ?? 'Unknown',
      amount: toMajor(r.betTotal, r.currency),
      payout: toMajor(r.winTotal, r.currency),
      currency: r.currency,
      gameId: r.gameId,
      gameName: game?.name ?? r.gameId,
      isDemoMode: game?.isDemoMode ?? false,
      gameImages: imagesOf(game?.imagePath ?? null),
      gameCustomImages: imagesOf(game?.customImagePath ?? null),
    });
    if (winners.length === q.perPage) break;
  }
  return winners;
}
