import { ApiError, ErrorCode, type WheelSpinResult } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { newClientSeed } from '@croupier/games';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { MayGainValue } from '../../risk/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { pickSector } from './fairness.ts';
import { dropRateOf } from './present.ts';
import { type PrizeDeps, payPrize } from './prize.ts';
import { type SpinPrize, wheelSpins } from './schema.ts';
import { grantDaily, sectorsOf, stateOf, takeSpin, usedCount, wheelById } from './store.ts';

export interface SpinDeps extends PrizeDeps {
  db: Db;
  now: () => Date;
  /** The risk module's exclusion check (decision 0092): no spin during a cooling-off, exclusion or block. */
  mayGainValue: MayGainValue;
}

const noSpin = () => ApiError.of(ErrorCode.spinsExpired, 'No spin left on this wheel.', {}, 400);

function prizeOut(prize: SpinPrize): NonNullable<WheelSpinResult['prize']> {
  if (prize.type === 'points') return { type: 'points', amount: Number(prize.amount) / 100, currency: null };
  // Free spins are no money: the count, no currency (the site then names the prize by the sector's title).
  if (prize.freeSpins !== undefined) return { type: 'bonus', amount: prize.freeSpins, currency: null };
  if (prize.type === 'none' || !prize.currency) return { type: 'none', amount: 0, currency: null };
  return { type: prize.type, amount: toMajor(BigInt(prize.amount), prize.currency), currency: prize.currency };
}

/**
 * Uses one of the player's spins on a running wheel (decision 0060): the spin row is locked, the sector
 * drawn from its committed server seed and the player's client seed, the prize paid keyed by the spin, and
 * the row marked used, all in one transaction. No usable spin: 10003; an excluded or blocked player: 409.
 */
export async function spinWheel(
  deps: SpinDeps,
  playerId: string,
  wheelId: string,
  clientSeed: string | undefined,
): Promise<WheelSpinResult> {
  const now = deps.now();
  const wheel = await wheelById(deps.db, wheelId);
  // A paused or archived wheel reads as missing, as it does in the list.
  if (wheel?.status !== 'active') throw ApiError.of(ErrorCode.notFound, 'Not found');
  if (stateOf(wheel, now) !== 3) throw noSpin();
  const sectors = await sectorsOf(deps.db, [wheel.id]);
  if (sectors.length === 0) throw noSpin();
  await grantDaily(deps.db, wheel, playerId, now);
  return withTransaction(deps.db, async (tx) => {
    // Refused (409) before the spin is taken: the player keeps it for after the exclusion.
    await deps.mayGainValue(playerId, tx);
    const spin = await takeSpin(tx, playerId, wheel.id, now);
    if (!spin) throw noSpin();
    const seeds = {
      serverSeed: spin.serverSeed,
      clientSeed: clientSeed ?? newClientSeed(),
      nonce: await usedCount(tx, playerId, wheel.id),
    };
    const sector =
      sectors[
        pickSector(
          sectors.map((s) => s.weight),
          seeds,
        )
      ]!;
    const prize = await payPrize(tx, deps, spin, sector, now);
    await tx
      .update(wheelSpins)
      .set({ usedAt: now, clientSeed: seeds.clientSeed, nonce: seeds.nonce, sectorId: sector.id, prize })
      .where(eq(wheelSpins.id, spin.id));
    return {
      id: sector.id,
      title: sector.title,
      dropRate: dropRateOf(sector),
      prize: prizeOut(prize),
      fairness: { ...seeds, serverSeedHash: spin.serverSeedHash },
    };
  });
}
