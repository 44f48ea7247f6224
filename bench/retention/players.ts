// Players for the retention bench: registered through the API (own client IP each), funded through the
// development credit, seated with a seamless launch token; and the tournament they play in.
import type { Provider } from '../wallet/load.ts';

export async function post(origin: string, path: string, body: unknown, ip?: string, token?: string) {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(ip ? { 'cf-connecting-ip': ip } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json.data as Record<string, unknown>;
}

export interface Seated {
  playerId: string;
  accessToken: string;
  launchToken: string;
}

/** A registered, funded player with a launch token of the bench provider's game. */
export async function seatPlayer(origin: string, provider: Provider, n: number, runId: string): Promise<Seated> {
  const ip = `10.78.${n >> 8}.${(n & 255) | 1}`;
  const registered = await post(
    origin,
    '/api/player/register',
    {
      email: `bench-ret-${runId}-${n}@example.com`,
      password: 'bench-pass-1',
      currency: 'EUR',
      country: 'DE',
      agreements: 1,
      receiveEmailPromo: 0,
      receiveSmsPromo: 0,
      locale: 'en',
      fingerprint: 'bench',
      referralCode: '',
    },
    ip,
  );
  const playerId = (registered.profile as { id: string }).id;
  await post(origin, '/api/dev/wallet/credit', { playerId, currency: 'EUR', amount: 1_000_000 });
  const launched = await post(origin, '/api/dev/seamless/launch-token', {
    playerId,
    currency: 'EUR',
    providerId: provider.id,
    gameId: 'bench-game',
  });
  return { playerId, accessToken: registered.accessToken as string, launchToken: launched.token as string };
}

/** A tournament running for the whole run on every game, 1 point per EUR staked, with three prizes. */
export const TOURNAMENT_SQL = (identity: string) => `
  with t as (
    insert into retention.tournaments (identity, title, type, start_at, end_at, rates)
    values ('${identity}', 'Bench race', 1, now() - interval '1 minute', now() + interval '1 day', '{"baseCurrencyRate": 1}')
    returning id
  )
  insert into retention.tournament_prizes (tournament_id, place, type, title, currency, amount)
  select id, p, 1, 'EUR ' || (40 / p), 'EUR', 4000 / p from t, generate_series(1, 3) p`;

/** Runs `count` async jobs with at most `width` at once (seating 1,000 players takes a while). */
export async function inParallel<T>(count: number, width: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}
