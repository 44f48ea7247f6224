import type { Db } from '../../db/client.ts';
import { instrumentPlayers } from '../payment/index.ts';
import { devicePlayers } from '../player/index.ts';
import type { ComplianceEvent } from './events.ts';
import type { SharedFacts } from './rules.ts';

// Accounts sharing a paying instrument or a device (decision 0114's shared_instrument and shared_device): the
// payment and player modules count them through their faces, where the data lives. Asked only at deposits,
// which are rare next to bets: at a deposit, declined or not, for its instrument (a card tried on many
// accounts counts as much as one paid with); at a successful one, for the player's devices. Never on the bet
// path, and once per player and page for devices.

export async function sharedFacts(tx: Db, events: readonly ComplianceEvent[]): Promise<SharedFacts[]> {
  const facts: SharedFacts[] = [];
  const devicesAsked = new Set<string>();
  for (const e of events) {
    if (e.kind !== 'deposit.succeeded' && e.kind !== 'deposit.declined') continue;
    const at = new Date(e.at);
    const instrument = await instrumentPlayers(tx, e.invoiceId);
    if (instrument) {
      const { instrument: key, players, playerIds } = instrument;
      facts.push({ kind: 'shared', what: 'instrument', playerId: e.playerId, key, players, playerIds, at });
    }
    if (e.kind !== 'deposit.succeeded' || devicesAsked.has(e.playerId)) continue;
    devicesAsked.add(e.playerId);
    for (const d of await devicePlayers(tx, e.playerId)) {
      const { device: key, players, playerIds } = d;
      facts.push({ kind: 'shared', what: 'device', playerId: e.playerId, key, players, playerIds, at });
    }
  }
  return facts;
}
