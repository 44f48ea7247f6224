import type { Db } from '../../db/client.ts';
import { leanTransaction } from '../../db/lean-transaction.ts';
import { type OutboxMessage, type Publisher, TAKE_EVENTS } from '../../outbox/index.ts';
import { applySums, sumEvents } from './apply.ts';
import { LEDGER_CHANNEL, PLAYERS_CHANNEL, type ReportingEvent } from './events.ts';

// The reporting module's outbox consumer (decision 0121): an internal publisher that keeps the ledger's and the
// player module's channels and applies a page in one transaction that also takes the page's events out of the
// outbox, so a redelivered event is no longer there and changes nothing.
//
// It runs once per dispatcher pass, and on the bet path a pass is a handful of events: so the page is a lean
// transaction (decision 0088: BEGIN goes with the claim, COMMIT with the rollups' statement, both prepared once
// per connection), two round trips for a page of bets and wins instead of six.

const OURS = new Set([LEDGER_CHANNEL, PLAYERS_CHANNEL]);

/** UTC day (YYYY-MM-DD) of an event's `at`. */
const dayOf = (event: ReportingEvent) => event.at.slice(0, 10);

export interface ReportingConsumerOptions {
  /** After a page committed: the UTC days its new events counted on (the dashboard's live `today`). Never throws. */
  afterCommit?: (days: ReadonlySet<string>) => void;
}

export function createReportingConsumer(db: Db, options: ReportingConsumerOptions = {}): Publisher {
  const apply = async (messages: OutboxMessage[]) => {
    const ours = messages.filter((m) => OURS.has(m.channel));
    if (ours.length === 0) return;
    const days = await leanTransaction(db, async (sql) => {
      // Only this consumer reads its channels: taking the events out of the outbox is the claim (a row per
      // movement fewer than a processed-events table, decision 0121), committed with the rollups.
      const claimed = await sql.query<{ id: string }>(TAKE_EVENTS, [ours.map((m) => String(m.id)).join(',')]);
      if (claimed.length === 0) return new Set<string>();
      const firstTime = new Set(claimed.map((c) => c.id));
      const events = ours.filter((m) => firstTime.has(String(m.id))).map((m) => m.data as ReportingEvent);
      await applySums(sql, sumEvents(events), { last: true });
      return new Set(events.map(dayOf));
    });
    if (days.size > 0) options.afterCommit?.(days);
  };
  return { internal: true, publish: (message) => apply([message]), publishBatch: apply };
}
