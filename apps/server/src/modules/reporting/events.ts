import type { PlayerRegisteredEvent } from '../player/index.ts';
import type { LedgerMoved } from '../wallet/index.ts';

// What the reports are kept from (decision 0121): the ledger's `ledger.moved`, one per player account a movement
// touches, and the player module's `player.registered`. Both are internal outbox channels, written in the
// transaction of what they report, and applied once each by this module's consumer.

export { PLAYERS_CHANNEL } from '../player/index.ts';
export { LEDGER_CHANNEL } from '../wallet/index.ts';

export type { LedgerMoved, PlayerRegisteredEvent };

export type ReportingEvent = LedgerMoved | PlayerRegisteredEvent;
