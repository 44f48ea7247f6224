import type { Db } from '../db/client.ts';
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
export type { OutboxMessage, Publisher } from './types.ts';

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
