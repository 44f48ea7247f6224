import type { Db } from '../db/client.ts';
import { type QueryOptions, type Sql, statement } from '../db/lean-sql.ts';
import type { OutboxDispatcher } from './dispatcher.ts';
import { outboxEvents } from './schema.ts';

export {
  createOutboxDispatcher,
  type DispatcherOptions,
  notifyCommitted,
  OUTBOX_CHANNEL,
  type OutboxDispatcher,
} from './dispatcher.ts';
export { MemoryPublisher } from './memory.ts';
export { outboxEvents } from './schema.ts';
export { INTERNAL_CHANNEL_PREFIX, isInternalChannel, type OutboxMessage, type Publisher } from './types.ts';

/**
 * Writes an event in the caller's transaction: it becomes visible to the dispatcher only if that
 * transaction commits, and a rollback takes it away with everything else.
 */
export async function enqueue(tx: Db, event: { channel: string; event: string; data: unknown }): Promise<void> {
  await tx.insert(outboxEvents).values(event);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers committed outbox events to the registered publishers (started on ready, stopped on close). */
    outbox: OutboxDispatcher;
  }
}

/**
 * For an internal consumer that is the only reader of its channels: deletes the given events inside the
 * consumer's own transaction and answers those it deleted. The delete is the claim: it commits with the
 * consumer's effects, so an event is applied once, and a redelivered one (the dispatcher's page re-sent after a
 * cut) finds nothing to take. The dispatcher's own delete then finds those rows gone.
 */
export const TAKE_EVENTS = statement(
  'outbox_take_events',
  `delete from outbox.events where id = any(string_to_array($1, ',')::bigint[]) returning id::text as id`,
);

const ENQUEUE_MANY = statement(
  'outbox_enqueue_many',
  `insert into outbox.events (channel, event, data)
   select e->>'channel', e->>'event', e->'data' from jsonb_array_elements($1::jsonb) with ordinality as x(e, n)
    order by n`,
);

/** `enqueue` for the money path's lean transactions: several events in one statement, ids in list order. */
export async function enqueueIn(
  sql: Sql,
  events: { channel: string; event: string; data: unknown }[],
  options?: QueryOptions,
): Promise<void> {
  if (events.length > 0) await sql.query(ENQUEUE_MANY, [JSON.stringify(events)], options);
}
