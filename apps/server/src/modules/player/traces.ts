import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// What the player module knows that ties two accounts to one person (decision 0094): the device fingerprint
// the site sends at sign-up and at every sign-in, and the address (IP) the request came from. Both are kept on
// the player (sign-up) and on each session; the referral programme compares a referee's with its referrer's.

export interface SharedTraces {
  /** A device fingerprint of the referee's was also the referrer's. */
  device: boolean;
  /** An address (IP) of the referee's was also the referrer's. */
  address: boolean;
}

/**
 * The referee's traces (its sign-up and every session) against the referrer's seen since `since` (its sign-up
 * if it was that recent, its sessions last seen since): one statement, by the players' primary key and the
 * sessions' player index. Empty values match nothing, and neither does a loopback address: it only reaches
 * the app with no proxy in front (a local demo, where every player is 127.0.0.1), so it tells no one apart.
 */
export async function sharedTraces(tx: Db, refereeId: string, referrerId: string, since: Date): Promise<SharedTraces> {
  const result = await tx.execute(sql`
    with traces as (
      select p.id as player_id, p.fingerprint, p.registration_ip as ip, p.created_at as seen_at
        from player.players p
       where p.id in (${refereeId}, ${referrerId})
      union all
      select s.player_id, s.fingerprint, s.ip, s.last_seen_at
        from player.sessions s
       where s.player_id in (${refereeId}, ${referrerId})
    ),
    referee as (select fingerprint, ip from traces where player_id = ${refereeId}),
    referrer as (select fingerprint, ip from traces where player_id = ${referrerId} and seen_at >= ${since})
    select
      exists (select 1 from referee e join referrer r on r.fingerprint = e.fingerprint where e.fingerprint <> '')
        as device,
      exists (select 1 from referee e join referrer r on r.ip = e.ip
               where e.ip <> '' and e.ip <> '::1' and e.ip not like '127.%' and e.ip not like '::ffff:127.%')
        as address`);
  const [row] = (result as unknown as { rows: SharedTraces[] }).rows;
  return { device: row?.device === true, address: row?.address === true };
}
