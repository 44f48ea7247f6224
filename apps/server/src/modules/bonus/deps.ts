import type { Db } from '../../db/client.ts';
import type { JobDefinition, SendJob } from '../../jobs/index.ts';

/** Sends a job (through the app's one queue, built after the modules declared their jobs). */
export type { SendJob };

export interface BonusDeps {
  db: Db;
  now: () => Date;
  send: SendJob;
  /** Refuses a bonus claim (a code, an activation) during a cooling-off or self-exclusion (the risk module). */
  mayClaim: (playerId: string) => Promise<void>;
  /** The deadline job (one definition per module instance, handed to the app's queue). */
  expiry: JobDefinition<ExpiryData>;
}

/** A deadline of a player bonus: its activation window or its wagering window. */
export interface ExpiryData {
  playerBonusId: string;
  stage: 'activation' | 'wagering';
}
