import type { Db } from '../../../db/client.ts';
import type { JobDefinition, SendJob } from '../../../jobs/index.ts';
import type { BonusDeps } from '../../bonus/index.ts';
import type { MayGainValue } from '../../risk/index.ts';

/** What quests' commands need: the database, the clock, the queue and its deadline job, the bonus engine. */
export interface QuestDeps {
  db: Db;
  now: () => Date;
  send: SendJob;
  expiry: JobDefinition<ExpiryData>;
  /** Issues bonus and free-spin rewards; without it such rewards are refused at claim (409). */
  bonus?: BonusDeps;
  /** The risk module's exclusion check (decision 0092): no activation and no claim while it refuses. */
  mayGainValue: MayGainValue;
}

/** A player quest's deadline. */
export interface ExpiryData {
  playerQuestId: string;
}
