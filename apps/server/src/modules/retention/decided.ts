import { drizzleSql, statement } from '../../db/lean-sql.ts';
import type { RetentionHandler } from './events.ts';

// What each bet gave loyalty, tournaments and quests is kept per bet only while the provider may still
// cancel it (decision 0093): the wallet rolls back a bet only in an open round that has paid nothing, so once
// a win pays or closes the round (`roundFinal`), its bets' effects are final and their rows go, in one
// statement. What stays is exactly what a rollback could still take back (and what holds a quest's claim).

const FORGET = statement(
  'retention_round_decided',
  `with loyalty as (delete from retention.loyalty_bets where provider_id = $1 and round_id = $2),
        tournament as (delete from retention.tournament_bets where provider_id = $1 and round_id = $2)
   delete from retention.quest_bets where provider_id = $1 and round_id = $2`,
);

export function decidedRoundsHandler(): RetentionHandler {
  return {
    name: 'decided-rounds',
    async handle(tx, { event }) {
      if (event.kind !== 'game.win' || !event.roundFinal) return;
      await drizzleSql(tx).query(FORGET, [event.providerId, event.roundId]);
    },
  };
}
