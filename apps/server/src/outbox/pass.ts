import type { DedicatedConnection } from '../db/dedicated.ts';
import { isInternalChannel, type OutboxMessage, type Publisher } from './types.ts';

/** Any constant: one dispatcher pass at a time across every instance sharing the database. */
export const DISPATCH_LOCK_KEY = 72_616_013;

export interface PassResult {
  /** Another instance's pass holds the lock (this pass read nothing, or stopped between two pages). */
  busy: boolean;
  published: number;
}

interface Row {
  id: bigint;
  channel: string;
  event: string;
  data: unknown;
  created_at: Date;
}

const select = `select id, channel, event, data, created_at from outbox.events
  where id > $1 order by id limit $2`;
// Ids travel as one text parameter: both drivers bind it the same way, whatever the batch size.
const deletePublished = `delete from outbox.events where id = any(string_to_array($1, ',')::bigint[])`;

/**
 * One pass: waiting events in id order, a page at a time, each page in a transaction of its own that holds the
 * dispatch lock, publishes the page to every publisher and deletes what went out (decision 0087). A page's
 * commit makes its deletions final at once, so under steady load a pass never holds one transaction open for
 * minutes (holding back vacuum, and re-sending everything it published if its connection drops): at worst one
 * page goes out again (issue 31). When a publisher fails on an event, later events of that channel wait for the
 * next pass; other channels go on, also past a page the failing channel filled. If another instance takes the
 * lock between two pages, this pass ends there and that instance carries on from the oldest waiting event.
 */
export async function dispatchPass(
  connection: DedicatedConnection,
  publishers: readonly Publisher[],
  batchSize: number,
  log?: { error(obj: unknown, msg: string): void },
): Promise<PassResult> {
  const blocked = new Set<string>();
  let published = 0;
  let after = 0n;
  for (;;) {
    const step = await connection.transaction(async (query) => {
      const [lock] = await query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
        DISPATCH_LOCK_KEY,
      ]);
      if (!lock?.locked) return null;
      const page = await query<Row>(select, [String(after), batchSize]);
      const done = await publishPage(page, publishers, blocked, log);
      if (done.length > 0) await query(deletePublished, [done.join(',')]);
      return { read: page.length, last: page.at(-1)?.id, done: done.length };
    });
    // Another instance holds the lock (from the start, or since our last page): it delivers the rest.
    if (!step) return { busy: true, published };
    published += step.done;
    if (step.read < batchSize || step.last === undefined) return { busy: false, published };
    after = step.last;
  }
}

async function publishPage(
  page: Row[],
  publishers: readonly Publisher[],
  blocked: Set<string>,
  log?: { error(obj: unknown, msg: string): void },
): Promise<bigint[]> {
  const done: bigint[] = [];
  const messageOf = (row: Row): OutboxMessage => ({
    id: row.id,
    channel: row.channel,
    event: row.event,
    data: row.data,
    createdAt: row.created_at,
  });
  // Internal events first, a page at a time where the consumer can; they share no channel with the rest.
  const internal = page.filter((row) => isInternalChannel(row.channel) && !blocked.has(row.channel));
  const batched = internal.length > 0 && (await publishInternalBatch(internal.map(messageOf), publishers));
  for (const row of page) {
    if (blocked.has(row.channel)) continue;
    const isInternal = isInternalChannel(row.channel);
    if (isInternal && batched) {
      done.push(row.id);
      continue;
    }
    const message = messageOf(row);
    try {
      for (const publisher of publishers) {
        if ((publisher.internal === true) === isInternal) await publisher.publish(message);
      }
      done.push(row.id);
    } catch (error) {
      blocked.add(row.channel);
      log?.error({ err: error, outboxId: String(row.id), channel: row.channel }, 'outbox publish failed');
    }
  }
  return done;
}

/** True when every internal publisher took the whole batch; false sends the events one by one instead. */
async function publishInternalBatch(messages: OutboxMessage[], publishers: readonly Publisher[]): Promise<boolean> {
  const internal = publishers.filter((p) => p.internal === true);
  if (!internal.every((p) => p.publishBatch)) return false;
  try {
    for (const publisher of internal) await publisher.publishBatch!(messages);
    return true;
  } catch {
    // Replays are harmless to an internal consumer (it keeps processed ids): go on event by event.
    return false;
  }
}
