import { timeZones } from '@croupier/contracts/reference/index';

// The period windows of decision 0039 in SQL, so that the limits rule reads the limits and counts a movement
// in one statement (decision 0078). They must give exactly the instants windows.ts gives; a test compares
// both for every offered zone over two years on each database.

/** The zones a profile may hold (contracts' list, checked on save); any other value counts in UTC. */
const offered = new Set(timeZones.map((z) => z.id));

/** The zone the windows use for a profile value: an offered zone, else UTC (an odd value must not break a bet). */
export const profileZone = (timeZone: string | null | undefined): string =>
  timeZone && offered.has(timeZone) ? timeZone : 'UTC';

for (const zone of offered) {
  if (!/^[A-Za-z0-9_/+-]+$/.test(zone)) throw new Error(`Unexpected time zone id ${zone}`);
}
const offeredArray = `array[${[...offered].map((z) => `'${z}'`).join(',')}]::text[]`;

/** SQL: the zone of a profile value (an expression of type text), as `profileZone` answers it. */
export const profileZoneSql = (value: string) =>
  `(case when ${value} = any(${offeredArray}) then ${value} else 'UTC' end)`;

/**
 * SQL `from` items giving `window_start` (timestamptz): the start of the `period` window (text column
 * 'daily' | 'weekly' | 'monthly') that contains the instant `at`, in `zone` (text, a known zone).
 *
 * The local date is `date_trunc` of the local time. Its first instant: PostgreSQL reads a local midnight
 * that falls in a spring-forward gap with the offset before the change, which is the first instant that
 * exists (as decision 0039 wants); a midnight that occurs twice (a fall-back to 00:00, as in the Azores)
 * it reads with the later offset, so the same local midnight with the offset in force 3 hours earlier is
 * taken when that instant is earlier and already on the new date.
 */
export const windowStartSql = (period: string, at: string, zone: string) => `
  lateral (select date_trunc(case ${period} when 'daily' then 'day' when 'weekly' then 'week' else 'month' end,
                             ${at} at time zone ${zone}) as local_start) w1,
  lateral (select w1.local_start at time zone ${zone} as later) w2,
  lateral (select (w1.local_start - ((w2.later - interval '3 hours') at time zone ${zone}
                                     - (w2.later - interval '3 hours') at time zone 'UTC')) at time zone 'UTC' as earlier) w3,
  lateral (select case when w3.earlier < w2.later and w3.earlier at time zone ${zone} >= w1.local_start
                       then w3.earlier else w2.later end as window_start) w4`;
