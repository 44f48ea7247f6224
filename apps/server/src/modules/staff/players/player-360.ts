import { ApiError, ErrorCode, type Player360 } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { Db } from '../../../db/client.ts';
import { playerBonusesForStaff } from '../../bonus/index.ts';
import { playerFlags } from '../../compliance/index.ts';
import { kycForStaff } from '../../kyc/index.ts';
import { playerPaymentTotalsSince } from '../../payment/index.ts';
import { playerForStaff } from '../../player/index.ts';
import { limitsForStaff } from '../../risk/index.ts';
import { listAccounts, playerPlayTotalsSince } from '../../wallet/index.ts';

/** The 360's totals cover this many calendar months back from now (§4). */
export const TOTALS_MONTHS = 6;

export const totalsSince = (now: Date): Date => {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - TOTALS_MONTHS);
  return since;
};

/**
 * The player 360 (§4, decision 0107), each part read by its own module through its face, in the shapes the
 * player API answers: the profile, the accounts as GET /api/wallet/accounts shows them, the limits, the bonuses,
 * the documents and the compliance flags not closed (decision 0114). Totals are per currency (never summed
 * across currencies): deposits and withdrawals from the settled invoices, bets and wins from the game rounds.
 * 404 for an unknown player.
 */
export async function player360(
  db: Db,
  playerId: string,
  now: Date,
  viewer: { mayReadAml: boolean } = { mayReadAml: false },
): Promise<Player360> {
  const since = totalsSince(now);
  const [player, accounts, limits, bonuses, kyc, payments, play, flags] = await Promise.all([
    playerForStaff(db, playerId),
    listAccounts(db, playerId),
    limitsForStaff(db, playerId, now),
    playerBonusesForStaff(db, playerId),
    kycForStaff(db, playerId),
    playerPaymentTotalsSince(db, playerId, since),
    playerPlayTotalsSince(db, playerId, since),
    playerFlags(db, playerId),
  ]);
  if (!player) throw ApiError.of(ErrorCode.notFound, 'Player not found.');
  // Every currency the player holds or moved money in, zeros included, in code order.
  const sums = new Map<string, { deposits: bigint; withdrawals: bigint; bets: bigint; wins: bigint }>();
  const of = (currency: string) => {
    const sum = sums.get(currency) ?? { deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n };
    sums.set(currency, sum);
    return sum;
  };
  for (const a of accounts) of(a.currency);
  for (const p of payments) Object.assign(of(p.currency), { deposits: p.deposits, withdrawals: p.withdrawals });
  for (const p of play) Object.assign(of(p.currency), { bets: p.bets, wins: p.wins });
  return {
    profile: player.profile,
    accounts: accounts.map(({ status: _status, ...figures }) => figures),
    blocks: player.blocks,
    limits,
    bonuses,
    kyc,
    // The flags not closed yet, newest sighting first (decision 0114); the queue has the rest.
    // AML flags only to those who work them (flags:review): suspicion of laundering is need-to-know, and a
    // support agent who sees it could tip the player off.
    flags: flags
      .filter((f) => viewer.mayReadAml || f.list !== 'aml')
      .map((f) => ({ kind: f.kind, raisedAt: f.firstSeenAt, detail: f.detail })),
    totals: [...sums.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, s]) => ({
        currency,
        deposits: toMajor(s.deposits, currency),
        withdrawals: toMajor(s.withdrawals, currency),
        bets: toMajor(s.bets, currency),
        wins: toMajor(s.wins, currency),
      })),
  };
}
