import type { FreeRoundGrant } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition, SendJob } from '../../jobs/index.ts';

/** Sends a job (through the app's one queue, built after the modules declared their jobs). */
export type { SendJob };

/**
 * Free spins as the game provider receives them (decision 0065): one award per player free-spin record, the
 * provider's grant with the casino's player id (the port derives the provider's player reference).
 */
export type FreeRoundAward = Omit<FreeRoundGrant, 'playerRef'> & { playerId: string };

/** The game provider's free-round API, called after commit (idempotent: the same award twice is one). */
export interface FreeRoundsPort {
  award(award: FreeRoundAward): Promise<void>;
  cancel(id: string): Promise<void>;
}

export interface BonusDeps {
  db: Db;
  now: () => Date;
  send: SendJob;
  /**
   * The risk module's one exclusion check (decision 0092): refuses a bonus claim, an activation or cashback
   * during a cooling-off, a self-exclusion or a block. `db` runs it inside the caller's transaction.
   */
  mayClaim: (playerId: string, db?: Db) => Promise<void>;
  /** The deadline job (one definition per module instance, handed to the app's queue). */
  expiry: JobDefinition<ExpiryData>;
  /** Free spins' follow-ups: telling the provider (a retry of the direct call), and the winnings' bonus. */
  freeSpinJobs: { award: JobDefinition<FreeSpinJob>; finish: JobDefinition<FreeSpinJob> };
  /** Set by the app once the studio exists; without it free spins wait for it (the award job retries). */
  freeRounds: { port: FreeRoundsPort | null };
}

/** A deadline of a player bonus (its activation or wagering window), or of free spins (`freespin`: the id). */
export interface ExpiryData {
  playerBonusId: string;
  stage: 'activation' | 'wagering' | 'freespin-activation' | 'freespin-play';
}

export interface FreeSpinJob {
  freeSpinId: string;
}
