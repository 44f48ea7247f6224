import {
  type ActivityBet,
  ActivityBoard,
  type ActivityBoardId,
  activityBoardChannel,
  FAMILY_ONLY,
  FAMILY_WILDCARD,
  PublicChannelFamily,
  RealtimeEvent,
  type Winner,
} from '@croupier/contracts';
import { convertToBase, toMajor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { type Sql, statement } from '../../db/lean-sql.ts';
import { publicNicknameIn, publicNicknames } from '../player/index.ts';
import { currencyIn, type RatesSource } from '../settings/index.ts';
import { latestSettled, latestWins, type MoneyRule, type RoundRow, roundIn } from '../wallet/index.ts';
import { gamesByIdentity, imagesOf } from './catalogue.ts';

// Live winners and activity boards (decision 0051). When a win settles a real-money round, the rule below
// writes, in that round's transaction, the board rows and the live winner to the outbox: they are published
// after commit, in order, or not at all. A board's history (what a client reads on subscribe) is the same
// rows read back from the rounds.

/** What a publication needs of a game; `only`: the countries it is available in (null: everywhere). */
interface GameFacts {
  identity: string;
  name: string;
  imagePath: string | null;
  customImagePath: string | null;
  platforms: number[];
  enabled: boolean;
  isDemoMode: boolean;
  only: string[] | null;
}

export interface ActivityOptions {
  rates: RatesSource;
  /** A big win paid more than its stake and at least this many times it (BIG_WIN_MULTIPLIER). */
  bigWinMultiplier: number;
  /** Subscribes to catalogue edits (the config bus's 'lobby'): the games' facts are read again after one. */
  onCatalogueChange?: (drop: () => void) => void;
}

/** More than the stake and at least `multiplier` times it. */
export const isBigWin = (bet: bigint, win: bigint, multiplier: number): boolean =>
  win > bet && win * 100n >= bet * BigInt(Math.round(multiplier * 100));

/** A collection (or the game itself) limited to countries makes the game available only there (catalogue.restrictedIn). */
function onlyIn(limited: string[][]): string[] | null {
  if (limited.length === 0) return null;
  return limited.reduce((kept, list) => kept.filter((c) => list.includes(c)));
}

function winnerOf(round: RoundRow, game: GameFacts | null, nickname: string): Winner {
  return {
    nickname,
    amount: toMajor(round.betTotal, round.currency),
    payout: toMajor(round.winTotal, round.currency),
    currency: round.currency,
    gameId: round.gameId,
    gameName: game?.name ?? round.gameId,
    isDemoMode: game?.isDemoMode ?? false,
    gameImages: imagesOf(game?.imagePath ?? null),
    gameCustomImages: imagesOf(game?.customImagePath ?? null),
  };
}

function betOf(round: RoundRow, game: GameFacts | null, nickname: string | null, rates: RatesSource): ActivityBet {
  const amount = toMajor(round.betTotal, round.currency);
  const payout = toMajor(round.winTotal, round.currency);
  const info = currencyIn(rates.current(), round.currency);
  const base = (value: number) => (info ? convertToBase(value, info) : value);
  return {
    id: `${round.providerId}:${round.roundId}`,
    nickname,
    amount,
    baseCurrencyAmount: base(amount),
    payout,
    baseCurrencyPayout: base(payout),
    currency: round.currency,
    gameId: round.gameId,
    gameName: game?.name ?? round.gameId,
    gameImages: imagesOf(game?.imagePath ?? null),
    gameCustomImages: imagesOf(game?.customImagePath ?? null),
    createdAt: (round.settledAt ?? round.createdAt).toISOString(),
  };
}

type OutboxRow = { channel: string; event: string; data: unknown };

const boardRow = (board: ActivityBoardId, bet: ActivityBet): OutboxRow => ({
  channel: activityBoardChannel(board),
  event: RealtimeEvent.activityBoardUpdated,
  data: { event: RealtimeEvent.activityBoardUpdated, bet },
});

/** The outbox rows of a settled round: the boards it belongs on and, for a big win, the live winner per platform. */
export function publicationsOf(
  round: RoundRow,
  game: GameFacts | null,
  nickname: string,
  options: ActivityOptions,
): OutboxRow[] {
  if (game && !game.enabled) return [];
  const bet = betOf(round, game, nickname, options.rates);
  const rows: OutboxRow[] = [boardRow(ActivityBoard.latestBets, bet)];
  if (!isBigWin(round.betTotal, round.winTotal, options.bigWinMultiplier)) return rows;
  rows.push(boardRow(ActivityBoard.bigWins, bet));
  const winner = winnerOf(round, game, nickname);
  for (const platform of game?.platforms ?? [1, 2]) {
    if (platform !== 1 && platform !== 2) continue;
    // One row per platform for every country's channel (`…:*`), limited to where the game is available.
    const family = `${PublicChannelFamily.winners}${platform === 1 ? 'mobile' : 'desktop'}:${FAMILY_WILDCARD}`;
    rows.push({
      channel: family,
      event: RealtimeEvent.gameWinner,
      data: { event: RealtimeEvent.gameWinner, winner, ...(game?.only ? { [FAMILY_ONLY]: game.only } : {}) },
    });
  }
  return rows;
}

const GAME_FACTS = statement(
  'game_activity_facts',
  `select g.name, g.image_path, g.custom_image_path, g.platforms, g.enabled, g.is_demo_mode,
          (select coalesce(json_agg(x.countries), '[]'::json) from (
             select c.countries from game.game_collections gc join game.collections c on c.id = gc.collection_id
              where gc.game_id = g.id and cardinality(c.countries) > 0
             union all select g.countries where cardinality(g.countries) > 0) x) as limited
     from game.games g where g.identity = $1`,
);

/**
 * A game's facts by identity, read in the caller's transaction and kept a minute (the catalogue rarely changes),
 * or until a catalogue edit drops them (`clear`).
 */
function gameFactsCache(ttlMs = 60_000) {
  const cache = new Map<string, { at: number; facts: GameFacts | null }>();
  const read = async (sql: Sql, identity: string): Promise<GameFacts | null> => {
    const hit = cache.get(identity);
    if (hit && Date.now() - hit.at < ttlMs) return hit.facts;
    const [row] = await sql.query<Record<string, unknown>>(GAME_FACTS, [identity]);
    const limited = typeof row?.limited === 'string' ? JSON.parse(row.limited) : row?.limited;
    const facts: GameFacts | null = row
      ? {
          identity,
          name: String(row.name),
          imagePath: (row.image_path as string | null) ?? null,
          customImagePath: (row.custom_image_path as string | null) ?? null,
          platforms: (row.platforms as number[]).map(Number),
          enabled: row.enabled === true,
          isDemoMode: row.is_demo_mode === true,
          only: onlyIn((limited ?? []) as string[][]),
        }
      : null;
    if (cache.size > 10_000) cache.clear();
    cache.set(identity, { at: Date.now(), facts });
    return facts;
  };
  return Object.assign(read, { clear: () => cache.clear() });
}

/**
 * The money rule that publishes a round once a win settles it (a win into a settled round is refused, so
 * this runs once per round): the latest-bets board, and for a big win the big-wins board and live winners.
 */
export function activityRule(options: ActivityOptions): MoneyRule {
  const factsOf = gameFactsCache();
  // A game disabled or its countries narrowed applies to the next win, not a minute later (issue 27).
  options.onCatalogueChange?.(() => factsOf.clear());
  return {
    name: 'game-activity',
    kinds: ['win'],
    async apply({ sql, movement }) {
      const round = movement.round ?? (await roundIn(sql, movement.providerId, movement.roundId));
      if (round?.status !== 'settled') return undefined;
      // The name came with the account's lock (decision 0086); a round is always its own player's.
      const nickname =
        movement.playerName !== undefined && round.playerId === movement.playerId
          ? movement.playerName
          : await publicNicknameIn(sql, round.playerId);
      const game = await factsOf(sql, round.gameId);
      // Written by the movement's own statement: no statement of its own.
      return { events: publicationsOf(round, game, nickname, options) };
    },
  };
}

/**
 * The activity boards' history for the realtime `history` command: the board's newest rows, newest first,
 * read back from the rounds (the same shape as the live rows), reused for a second across subscribers until a
 * publication on the board arrives (decision 0089).
 */
export function activityHistory(db: Db, options: ActivityOptions, max = 50) {
  const boards = new Map<string, ActivityBoardId>(
    Object.values(ActivityBoard).map((b) => [activityBoardChannel(b), b]),
  );
  const cache = new Map<string, { at: number; rows: Promise<unknown[]> }>();
  const read = async (board: ActivityBoardId): Promise<unknown[]> => {
    // Read more than shown: rounds of disabled games are left out.
    const rounds =
      board === ActivityBoard.latestBets
        ? await latestSettled(db, { limit: max * 2 })
        : await latestWins(db, { limit: max * 2, minMultiplier: options.bigWinMultiplier });
    const [games, nicknames] = await Promise.all([
      gamesByIdentity(
        db,
        rounds.map((r) => r.gameId),
      ),
      publicNicknames(
        db,
        rounds.map((r) => r.playerId),
      ),
    ]);
    const rows: unknown[] = [];
    for (const round of rounds) {
      const g = games.get(round.gameId);
      if (g && !g.enabled) continue;
      const facts = g ? { ...g, only: null } : null;
      const bet = betOf(round, facts, nicknames.get(round.playerId) ?? 'Unknown', options.rates);
      rows.push({ event: RealtimeEvent.activityBoardUpdated, bet });
      if (rows.length === max) break;
    }
    return rows;
  };
  const history = async (channel: string, limit: number): Promise<unknown[]> => {
    const board = boards.get(channel);
    if (!board) return [];
    let entry = cache.get(channel);
    if (!entry || Date.now() - entry.at > 1000) {
      const fresh = { at: Date.now(), rows: read(board) };
      entry = fresh;
      cache.set(channel, fresh);
      fresh.rows.catch(() => cache.get(channel) === fresh && cache.delete(channel));
    }
    return (await entry.rows).slice(0, limit);
  };
  // A new row was published: the next subscriber reads it from the rounds, not from the cached answer.
  return Object.assign(history, { published: (channel: string) => cache.delete(channel) });
}
