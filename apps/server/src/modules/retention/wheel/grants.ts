import { PlayerChannel, playerChannel, RealtimeEvent } from '@croupier/contracts';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { enqueue } from '../../../outbox/index.ts';
import type { Delivered, DepositEvent, RetentionHandler } from '../events.ts';
import { wheels } from './schema.ts';
import { grantSpins, type WheelRow } from './store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `wheel.spin.issued` on `retention:wheels#{playerId}` (api-contract §14.2), in the grant's transaction. */
async function publishIssued(tx: Db, wheel: WheelRow, playerId: string, amount: number): Promise<void> {
  const event = RealtimeEvent.wheelSpinIssued;
  await enqueue(tx, {
    channel: playerChannel(PlayerChannel.wheels, playerId),
    event,
    data: { event, playerId, wheel: { id: wheel.id, identity: wheel.identity, title: wheel.title }, amount },
  });
}

/** Does the deposit reach the wheel's minimum in its currency (no entry: any deposit counts)? */
const reaches = (wheel: WheelRow, e: DepositEvent) => {
  const min = wheel.depositMin[e.currency];
  return min === undefined || BigInt(e.amount) >= BigInt(min);
};

/** Spins per deposit (decision 0060): each running wheel with a deposit rule grants its spins once per invoice. */
async function onDeposit(tx: Db, e: DepositEvent): Promise<void> {
  const at = new Date(e.at);
  const running = await tx
    .select()
    .from(wheels)
    .where(
      and(
        eq(wheels.status, 'active'),
        gt(wheels.depositSpins, 0),
        lte(wheels.startAt, at),
        or(isNull(wheels.endAt), gt(wheels.endAt, at)),
      ),
    );
  for (const wheel of running) {
    if (!reaches(wheel, e)) continue;
    const granted = await grantSpins(tx, {
      wheelId: wheel.id,
      playerId: e.playerId,
      key: `deposit:${e.invoiceId}`,
      count: wheel.depositSpins,
      expireAt: new Date(at.getTime() + wheel.depositSpinDays * DAY_MS),
    });
    if (granted > 0) await publishIssued(tx, wheel, e.playerId, granted);
  }
}

export function wheelHandler(): RetentionHandler {
  return {
    name: 'wheel',
    async handle(tx: Db, { event }: Delivered) {
      if (event.kind === 'deposit.succeeded') await onDeposit(tx, event);
    },
  };
}
