import { type ActivityBet, ActivityBoard, type ActivityBoardId, activityBoardChannel } from '@croupier/contracts';

/** Rows a board shows, as the seed's client keeps them (api-contract §14.2: prepend, keep 11). */
export const BOARD_SIZE = 11;

/** The home page's boards, in display order (decision 0072). */
export const HOME_BOARDS: readonly { id: ActivityBoardId; channel: string; titleKey: string }[] = [
  { id: ActivityBoard.bigWins, channel: activityBoardChannel(ActivityBoard.bigWins), titleKey: 'bigWins' },
  { id: ActivityBoard.latestBets, channel: activityBoardChannel(ActivityBoard.latestBets), titleKey: 'latestBets' },
];

const isImages = (v: unknown) => typeof v === 'object' && v !== null;

/**
 * The row of a publication's data (`{event: 'activity-board.updated', bet}`), or null for anything else.
 * A light check instead of the zod schema: this runs in the browser for every settled round.
 */
export function betOf(data: unknown): ActivityBet | null {
  const bet = (data as { bet?: Partial<ActivityBet> } | null)?.bet;
  if (!bet || typeof bet !== 'object') return null;
  const ok =
    typeof bet.id === 'string' &&
    typeof bet.amount === 'number' &&
    typeof bet.payout === 'number' &&
    typeof bet.currency === 'string' &&
    typeof bet.gameId === 'string' &&
    typeof bet.gameName === 'string' &&
    typeof bet.createdAt === 'string' &&
    isImages(bet.gameImages);
  return ok ? (bet as ActivityBet) : null;
}

/** A live row on top; a row already shown (a replayed publication, or one the history also had) moves up once. */
export function prepend(rows: readonly ActivityBet[], bet: ActivityBet): ActivityBet[] {
  return [bet, ...rows.filter((r) => r.id !== bet.id)].slice(0, BOARD_SIZE);
}

/**
 * History (newest first) merged under the rows that arrived live while it was being read: live rows are
 * newer, so they stay on top; duplicates are dropped.
 */
export function withHistory(live: readonly ActivityBet[], history: readonly unknown[]): ActivityBet[] {
  const seen = new Set(live.map((r) => r.id));
  const older: ActivityBet[] = [];
  for (const data of history) {
    const bet = betOf(data);
    if (!bet || seen.has(bet.id)) continue;
    seen.add(bet.id);
    older.push(bet);
  }
  return [...live, ...older].slice(0, BOARD_SIZE);
}

/** The payout as a multiple of the stake (0 for a zero stake), for the "×2.50" column. */
export const multiplierOf = (bet: ActivityBet): number => (bet.amount > 0 ? bet.payout / bet.amount : 0);
