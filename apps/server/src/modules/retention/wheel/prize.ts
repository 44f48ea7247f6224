import { ApiError, ErrorCode } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import type { BonusDeps } from '../../bonus/index.ts';
import type { RatesSource } from '../../settings/index.ts';
import { listAccounts, payReward } from '../../wallet/index.ts';
import { issueBonusPrize } from '../bonus-prizes.ts';
import type { SpinPrize } from './schema.ts';
import type { SectorRow } from './store.ts';

export interface PrizeDeps {
  rates: RatesSource;
  /** Loyalty points (hundredths) for a `points` sector, in the spin's transaction. */
  award(tx: Db, playerId: string, hundredths: bigint, at: Date): Promise<void>;
  /** The bonus engine: `bonus` sectors that name a bonus definition. */
  bonus?: BonusDeps;
}

/** The sector's amount in `currency`: its own entry, else its EUR entry at the current rate. */
function amountIn(sector: SectorRow, currency: string, rates: RatesSource): bigint {
  const own = sector.amounts[currency];
  if (own !== undefined) return BigInt(own);
  const eur = sector.amounts.EUR;
  const rate = rates.current().rates.get(currency)?.rate;
  if (eur === undefined || !rate) return 0n;
  return BigInt(Math.round((Number(eur) / 100) * rate));
}

/**
 * Pays a sector's prize in the spin's transaction, keyed by the spin (a replay pays nothing twice): money
 * to the player's active account (its currency), through the wallet's payReward; points through loyalty; a
 * bonus definition through the bonus engine's issue (decision 0077). One that cannot be issued refuses the
 * spin (409): the transaction rolls back and the player keeps the spin.
 */
export async function payPrize(
  tx: Db,
  deps: PrizeDeps,
  spin: { id: string; playerId: string },
  sector: SectorRow,
  now: Date,
): Promise<SpinPrize> {
  if (sector.prizeType === 'points') {
    await deps.award(tx, spin.playerId, sector.points, now);
    return { type: 'points', amount: String(sector.points), currency: null };
  }
  if (sector.prizeType === 'none') return { type: 'none', amount: '0', currency: null };
  if (sector.prizeType === 'bonus' && sector.bonusId) {
    const amounts: Record<string, string> = { ...sector.amounts };
    const accounts = await listAccounts(tx, spin.playerId);
    const active = accounts.find((a) => a.status === 1)?.currency ?? accounts[0]?.currency;
    if (active && amounts[active] === undefined && sector.amounts.EUR !== undefined) {
      amounts[active] = String(amountIn(sector, active, deps.rates));
    }
    const outcome = await issueBonusPrize(tx, deps.bonus, {
      playerId: spin.playerId,
      bonusId: sector.bonusId,
      amounts,
      currency: active ?? null,
      issueKey: `wheel:${spin.id}`,
      issueSessionId: spin.id,
    });
    if ('reason' in outcome) throw ApiError.of(ErrorCode.conflict, 'This prize cannot be issued now.');
    const { currency, freeSpins } = outcome;
    const prize = { type: 'bonus', amount: String(outcome.amount), currency, bonusId: sector.bonusId } as const;
    return freeSpins === undefined ? prize : { ...prize, freeSpins };
  }
  const accounts = await listAccounts(tx, spin.playerId);
  const currency = accounts.find((a) => a.status === 1)?.currency ?? accounts[0]?.currency ?? 'EUR';
  const amount = amountIn(sector, currency, deps.rates);
  if (amount <= 0n) return { type: 'none', amount: '0', currency: null };
  await payReward(tx, {
    idempotencyKey: `wheel:${spin.id}`,
    playerId: spin.playerId,
    currency,
    amount,
    part: sector.prizeType,
    kind: 'wheel.prize',
    source: { kind: 'wheel', id: sector.wheelId },
  });
  return { type: sector.prizeType, amount: String(amount), currency };
}
