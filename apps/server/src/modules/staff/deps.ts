import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { WithdrawalDesk } from '../payment/index.ts';
import type { PlayerModule } from '../player/index.ts';
import type { RatesSource } from '../settings/index.ts';

/** What the staff module is built with (app.ts): no module reaches into it, it calls other modules' faces. */
export interface StaffDeps {
  config: Config;
  db: Db;
  /**
   * The searches and the ledger and history views, which tolerate a second of lag (decision 0119); the checks and
   * audit rows around them stay on `db`. Default `db`.
   */
  readDb?: Db;
  log: FastifyBaseLogger;
  /** Currency rates: adjustment caps are in the base currency (§5). */
  rates: RatesSource;
  /** The player module: sessions to close, sockets to end. */
  player: PlayerModule;
  /** Where the audit chain's head is anchored, outside the database (local disk or S3). */
  storage: FileStorage;
  /**
   * Ends these staff sessions' real-time sockets at once, on every instance (decision 0110), called after the
   * commit that closed them. Unset (no websocket endpoint): they end at the hub's next session check.
   */
  endStaffSockets?: (sessionIds: string[]) => void;
  /** The risk module's clock, for a self-exclusion staff apply (tests move it; decision 0114). Default: now. */
  now?: () => Date;
  /** The payment module's decisions on withdrawals in review (decision 0112); unset: those routes answer 404. */
  withdrawalDesk?: () => WithdrawalDesk;
}
