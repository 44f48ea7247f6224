import type { RatesTable } from './table.ts';

/**
 * Where currency rates come from (docs/decisions/0018). Every server reader of rates asks `current()` at
 * the moment it converts, so a refresh is seen everywhere at once.
 */
export interface RatesSource {
  readonly kind: 'seeded' | 'http-json';
  /** The table in use: the last good one. */
  current(): RatesTable;
  /** Fetches now; true when a new table was applied, false when the old one was kept. Never throws. */
  refresh(): Promise<boolean>;
  /** Starts periodic refreshing (the app's onReady). */
  start(): Promise<void>;
  /** Stops it (the app's onClose). */
  stop(): Promise<void>;
}
