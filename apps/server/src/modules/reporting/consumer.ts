import type { Db } from '../../db/client.ts';
import { statement } from '../../db/lean-sql.ts';
import { leanTransaction } from '../../db/lean-transaction.ts';
import type { OutboxMessage, Publisher } from '../../outbox/index.ts';
import { applySums, sumEvents } from './apply.ts';
import { LEDGER_CHANNEL, PLAYERS_CHANNEL, type ReportingEvent } from './events.ts';

// The reporting module's outbox consumer (decision 0121, the pattern of decision 0058): an internal publisher
// that keeps the ledger's and the player module's channels and applies a page in one transaction with the
// events' processed rows, so a redelivered event finds its row and changes nothing.
//
// It runs once per dispatcher pass, and on the bet path a pass is a handful of events: so the page is a lean
// transaction (decision 0088: BEGIN goes with the claim, COMMIT with the rollups' statement, both prepared once
// per connection), two round trips for a page of bets and wins instead of six.

const OURS = new Set([LEDGER_CHANNEL, PLAYERS_CHANNEL]);

/** UTC day (YYYY-MM-DD) of an event's `at`. */
const dayOf = (event: ReportingEvent) => event.at.slice(0, 10);

/** The page's event ids (one text parameter, as the dispatcher's delete): answers those seen for the first time. */
const CLAIM = statement(
  'reporting_claim',
  `insert into reporting.processed_events (event_id)
   select unnest(string_to_array($1, ',')::bigint[])
   on conflict do nothing
   returning event_id::text as id`,
);

export interface ReportingConsumerOptions {
  /** After a page committed: the UTC days its new events counted on (the dashboard's live `today`). Never throws. */
  afterCommit?: (days: ReadonlySet<string>) => void;
}

export function createReportingConsumer(db: Db, options: ReportingConsumerOptions = {}): Publisher {
  const apply = async (messages: OutboxMessage[]) => {
    const ours = messages.filter((m) => OURS.has(m.channel));
    if (ours.length === 0) return;
    const days = await leanTransaction(db, async (sql) => {
      const claimed = await sql.query<{ id: string }>(CLAIM, [ours.map((m) => String(m.id)).join(',')]);
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
