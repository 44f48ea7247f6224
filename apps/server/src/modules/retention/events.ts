import type { Db } from '../../db/client.ts';
import { enqueue, type OutboxMessage, type Publisher } from '../../outbox/index.ts';
import type { DepositSucceeded } from '../payment/index.ts';
import type { MoneyRule } from '../wallet/index.ts';
import { processedEvents } from './schema.ts';

// How retention learns what players do (decision 0058). The money path and the payment module write one
// event row on the internal channel inside the movement's own transaction (the movement's statement carries
// it: no statement of its own); the outbox delivers it after commit to the consumer below, which applies
// every handler's effect in one transaction together with the event's processed row. A second delivery
// finds that row and changes nothing. Retention never reads the wallet's tables.

/** The outbox channel of retention's events (internal: never published to players). */
export const RETENTION_CHANNEL = 'internal:retention';

interface GameEventBase {
  playerId: string;
  accountId: string;
  currency: string;
  /** Minor units, as a decimal string (JSON has no bigint). */
  amount: string;
  /** The game's identity (`provider-game`), as the catalogue names it. */
  gameId: string;
  providerId: string;
  roundId: string;
  /** The provider's transaction id of this movement. */
  transactionId: string;
  /** When the movement happened (ISO 8601). */
  at: string;
}

/** A stake taken: `real` and `bonus` say how much of it came from each part (minor units, positive). */
export interface BetEvent extends GameEventBase {
  kind: 'game.bet';
  real: string;
  bonus: string;
}
/** A payout (0 when a round settles lost). */
export interface WinEvent extends GameEventBase {
  kind: 'game.win';
  /**
   * The round paid or closed with this win: none of its bets can be rolled back any more (the wallet cancels
   * a bet only in an open round that has paid nothing), so what they earned is final (decision 0093).
   */
  roundFinal?: boolean;
}
/**
 * A bet cancelled while its round was open and unpaid (the only rollback the wallet accepts): `amount` is the
 * refunded stake, `real` and `bonus` the parts it went back to, `betTransactionId` the cancelled bet, so a
 * consumer undoes exactly what that bet's event did (decision 0093). Applied once, like every event.
 */
export interface RollbackEvent extends GameEventBase {
  kind: 'game.rollback';
  /** The cancelled bet's provider transaction id (absent only in events written before decision 0093). */
  betTransactionId?: string;
  real?: string;
  bonus?: string;
}
export interface DepositEvent {
  kind: 'deposit.succeeded';
  playerId: string;
  accountId: string;
  currency: string;
  amount: string;
  invoiceId: string;
  at: string;
}
export interface ProfileCompletedEvent {
  kind: 'profile.completed';
  playerId: string;
  at: string;
}

export type RetentionEvent = BetEvent | WinEvent | RollbackEvent | DepositEvent | ProfileCompletedEvent;

/** One delivered event: the outbox id makes it unique (and orders events of one channel). */
export interface Delivered<E extends RetentionEvent = RetentionEvent> {
  id: bigint;
  event: E;
}

/**
 * A feature's reaction to events (loyalty, quests, tournaments). Runs in the consumer's transaction `tx`;
 * throwing rolls every handler's effect of this event back and the outbox delivers it again later.
 * Events may come twice (never applied twice) and out of order across players.
 */
export interface RetentionHandler {
  readonly name: string;
  handle?(tx: Db, delivered: Delivered): Promise<void>;
  /** Once per page, after every event of it, in the same transaction: work that one statement does for all. */
  handlePage?(tx: Db, page: readonly Delivered[]): Promise<void>;
  /** After the transaction committed (publish to Redis, nudge the outbox): best effort, never throws. */
  afterCommit?(delivered: Delivered): Promise<void>;
}

const row = (event: RetentionEvent) => ({ channel: RETENTION_CHANNEL, event: event.kind, data: event });

/** The money rule that reports bets, wins and rollbacks to retention, with the movement's own statement. */
export function retentionEventsRule(): MoneyRule {
  return {
    name: 'retention-events',
    kinds: ['bet', 'win', 'rollback'],
    async apply({ movement, now }) {
      const base = {
        playerId: movement.playerId,
        accountId: movement.accountId,
        currency: movement.currency,
        gameId: movement.gameId,
        providerId: movement.providerId,
        roundId: movement.roundId,
        transactionId: movement.transactionId,
        at: now.toISOString(),
      };
      let event: RetentionEvent;
      if (movement.kind === 'bet') {
        event = {
          ...base,
          kind: 'game.bet',
          amount: String(movement.amount),
          real: String(-movement.parts.real),
          bonus: String(-movement.parts.bonus),
        };
      } else if (movement.kind === 'win') {
        const round = movement.round;
        const roundFinal = round !== undefined && (round.status !== 'open' || round.winTotal > 0n);
        event = { ...base, kind: 'game.win', amount: String(movement.amount), roundFinal };
      } else {
        event = {
          ...base,
          kind: 'game.rollback',
          amount: String(movement.amount),
          real: String(movement.parts.real),
          bonus: String(movement.parts.bonus),
          ...(movement.cancelledBet ? { betTransactionId: movement.cancelledBet.transactionId } : {}),
        };
      }
      return { events: [row(event)] };
    },
  };
}

/** The payment module's hook: a successful deposit, reported inside the credit's transaction. */
export function depositEvents(now: () => Date = () => new Date()): DepositSucceeded {
  return async (tx, deposit) => {
    await enqueue(
      tx,
      row({
        kind: 'deposit.succeeded',
        playerId: deposit.playerId,
        accountId: deposit.accountId,
        currency: deposit.currency,
        amount: String(deposit.amount),
        invoiceId: deposit.invoiceId,
        at: now().toISOString(),
      }),
    );
  };
}

/** Reports a completed profile (in the transaction that completed it, when there is one). */
export async function reportProfileCompleted(tx: Db, playerId: string, at: Date): Promise<void> {
  await enqueue(tx, row({ kind: 'profile.completed', playerId, at: at.toISOString() }));
}

/**
 * The outbox publisher that applies retention's events: a page of events in one transaction, holding their
 * processed rows and every handler's effects. Throwing keeps the events for the next outbox pass (the
 * dispatcher then retries them one by one, so one bad event cannot hold back the ones before it).
 */
export function createRetentionConsumer(db: Db, handlers: readonly RetentionHandler[], name = 'retention'): Publisher {
  const apply = async (messages: OutboxMessage[]) => {
    const ours = messages.filter((m) => m.channel === RETENTION_CHANNEL);
    if (ours.length === 0 || handlers.length === 0) return;
    const fresh = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(processedEvents)
        .values(ours.map((m) => ({ eventId: m.id, consumer: name })))
        .onConflictDoNothing()
        .returning({ eventId: processedEvents.eventId });
      const firstTime = new Set(claimed.map((c) => c.eventId));
      const todo: Delivered[] = ours
        .filter((m) => firstTime.has(m.id))
        .map((m) => ({ id: m.id, event: m.data as RetentionEvent }));
      for (const delivered of todo) for (const handler of handlers) await handler.handle?.(tx, delivered);
      if (todo.length > 0) for (const handler of handlers) await handler.handlePage?.(tx, todo);
      return todo;
    });
    for (const delivered of fresh) {
      for (const handler of handlers) await handler.afterCommit?.(delivered).catch(() => {});
    }
  };
  return {
    internal: true,
    publish: (message) => apply([message]),
    publishBatch: apply,
  };
}
