import { drizzleSql, statement } from '../../db/lean-sql.ts';
import type { RetentionHandler } from './events.ts';

// What each bet gave loyalty, tournaments and quests is kept per bet only while the provider may still
// cancel it (decision 0093): the wallet rolls back a bet only in an open round that has paid nothing, so once
// a win pays or closes the round (`roundFinal`), its bets' effects are final and their rows go. One statement
// per consumer page for all its decided rounds, not one per win: the wallet bench counts every statement.
// What stays is exactly what a rollback could still take back (and what holds a quest's claim).

const FORGET = statement(
  'retention_rounds_decided',
  `with decided as (select * from jsonb_to_recordset($1::jsonb) as d(provider_id text, round_id text)),
        loyalty as (delete from retention.loyalty_bets b using decided d
                     where b.provider_id = d.provider_id and b.round_id = d.round_id),
        tournament as (delete from retention.tournament_bets b using decided d
                        where b.provider_id = d.provider_id and b.round_id = d.round_id)
   delete from retention.quest_bets b using decided d where b.provider_id = d.provider_id and b.round_id = d.round_id`,
);

export function decidedRoundsHandler(): RetentionHandler {
  return {
    name: 'decided-rounds',
    async handlePage(tx, page) {
      const decided = page.flatMap(({ event }) =>
        event.kind === 'game.win' && event.roundFinal
          ? [{ provider_id: event.providerId, round_id: event.roundId }]
          : [],
      );
      if (decided.length > 0) await drizzleSql(tx).query(FORGET, [JSON.stringify(decided)]);
    },
  };
}
