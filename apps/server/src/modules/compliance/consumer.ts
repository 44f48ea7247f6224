import type { Db } from '../../db/client.ts';
import type { OutboxMessage, Publisher } from '../../outbox/index.ts';
import { RETENTION_CHANNEL } from '../retention/index.ts';
import { COMPLIANCE_CHANNEL } from '../risk/index.ts';
import type { ComplianceEvent } from './events.ts';
import { raise } from './raise.ts';
import { type Facts, type Sighting, sightingsOf } from './rules.ts';
import { complianceProcessedEvents } from './schema.ts';
import { sharedFacts } from './shared.ts';
import { trackDeposit, trackPage, trackWithdrawal } from './track.ts';

// The compliance module's outbox consumer (decision 0114): a second internal publisher beside retention's. The
// dispatcher hands every internal publisher every internal message; this one keeps retention's channel (the
// money path's bets, wins, rollbacks and deposits) and its own, and applies a page in one transaction with the
// events' processed rows, so a redelivered event finds its row and changes nothing.

const OURS = new Set([RETENTION_CHANNEL, COMPLIANCE_CHANNEL]);

/** The facts of a page's events that are not summed per page (deposits, withdrawals, the risk module's). */
async function factsOneByOne(tx: Db, events: readonly ComplianceEvent[]): Promise<Facts[]> {
  const facts: Facts[] = [];
  for (const e of events) {
    if (e.kind === 'deposit.succeeded') facts.push(await trackDeposit(tx, e));
    else if (e.kind === 'withdrawal.requested') {
      const f = await trackWithdrawal(tx, e);
      if (f) facts.push(f);
    } else if (e.kind === 'limit.near' || e.kind === 'limit.raise' || e.kind === 'exclusion.ended') {
      facts.push({ kind: 'risk', event: e });
    }
  }
  return facts;
}

/** Applies a page of events: totals, rules, flags. Answers the sightings (tests read them). */
export async function applyEvents(tx: Db, events: readonly ComplianceEvent[]): Promise<Sighting[]> {
  const facts = [
    ...(await trackPage(tx, events)),
    ...(await factsOneByOne(tx, events)),
    ...(await sharedFacts(tx, events)),
  ];
  const sightings = facts.flatMap(sightingsOf);
  await raise(tx, sightings);
  return sightings;
}

export function createComplianceConsumer(db: Db): Publisher {
  const apply = async (messages: OutboxMessage[]) => {
    const ours = messages.filter((m) => OURS.has(m.channel));
    if (ours.length === 0) return;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const claimed = await tx
        .insert(complianceProcessedEvents)
        .values(ours.map((m) => ({ eventId: m.id })))
        .onConflictDoNothing()
        .returning({ eventId: complianceProcessedEvents.eventId });
      if (claimed.length === 0) return;
      const firstTime = new Set(claimed.map((c) => c.eventId));
      const events = ours.filter((m) => firstTime.has(m.id)).map((m) => m.data as ComplianceEvent);
      await applyEvents(tx, events);
    });
  };
  return { internal: true, publish: (message) => apply([message]), publishBatch: apply };
}
