import { type SeamlessBalanceRequest, STUDIO_PROVIDER_ID, seamlessEndpoints } from '@croupier/contracts';
import { studioLaunchUrl } from '@croupier/contracts/launch-link';
import { seamlessSignature } from '@croupier/contracts/seamless-signature';
import { blackjack, FairStream, mines } from '@croupier/games';
import { sql } from 'drizzle-orm';
import type { Transport } from '../../src/modules/studio/seamless-client.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

export const SECRET = 'studio-test-secret-0123456789';

export interface StudioTestApp extends PlayerTestApp {
  /** GET /studio/launch → the session id it redirects to. */
  open(
    game: string,
    opts?: { mode?: 'demo' | 'real'; currency?: string; player?: string; token?: string },
  ): Promise<string>;
  demo(game: string, currency?: string): Promise<string>;
  /** A funded player (EUR, major units), a studio launch token and a real session. */
  real(game: string, funds?: string): Promise<{ sessionId: string; token: string; playerId: string }>;
  api(
    method: 'GET' | 'POST' | 'PUT',
    sessionId: string,
    path?: string,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  ): Promise<{ status: number; json: any }>;
  /** The casino balance of a launch token, asked through a signed seamless call (major units). */
  casinoBalance(token: string): Promise<string>;
  /** The studio's active server seed of an owner (read in the test to steer deals; never sent to players). */
  serverSeed(sessionId: string): Promise<{ serverSeed: string; clientSeed: string; nonce: number }>;
  count(table: string): Promise<number>;
  /** Puts a transport in front of the real one for the duration of fn. */
  withTransport<T>(wrap: (real: Transport) => Transport, fn: () => Promise<T>): Promise<T>;
}

export async function createStudioTestApp(): Promise<StudioTestApp> {
  const t = await createPlayerTestApp({ STUDIO_SECRET: SECRET });
  const db = t.database.db;
  const rowsOf = async (q: ReturnType<typeof sql>) => {
    const r = (await db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
    return r.rows;
  };
  const open: StudioTestApp['open'] = async (game, o = {}) => {
    const url = studioLaunchUrl(SECRET, {
      game,
      mode: o.mode ?? 'demo',
      currency: o.currency ?? 'EUR',
      locale: 'en',
      lobby: '/en/casino',
      player: o.player,
      token: o.token,
    });
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode !== 302) throw new Error(`launch ${res.statusCode}: ${res.body}`);
    return String(res.headers.location).split('/').pop() as string;
  };
  return {
    ...t,
    open,
    demo: (game, currency) => open(game, { currency }),
    async real(game, funds = '100.00') {
      const { auth } = await registerPlayer(t);
      const playerId = auth.profile.id;
      const credit = await t.call('POST', '/api/dev/wallet/credit', {
        body: { playerId, currency: 'EUR', amount: Number(funds) },
      });
      if (credit.status !== 200) throw new Error(`credit failed: ${JSON.stringify(credit.json)}`);
      const launch = await t.call('POST', '/api/dev/seamless/launch-token', {
        body: { playerId, currency: 'EUR', providerId: STUDIO_PROVIDER_ID, gameId: game },
      });
      if (launch.status !== 200) throw new Error(`token failed: ${JSON.stringify(launch.json)}`);
      const token = launch.json.data.token as string;
      const sessionId = await open(game, { mode: 'real', player: `p-${playerId}`, token });
      return { sessionId, token, playerId };
    },
    async api(method, sessionId, path = '', body) {
      const res = await t.app.inject({
        method,
        url: `/studio/api/sessions/${sessionId}${path}`,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      let json: unknown;
      try {
        json = res.json();
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, json };
    },
    async casinoBalance(token) {
      const payload = JSON.stringify({ token } satisfies SeamlessBalanceRequest);
      const res = await t.app.inject({
        method: 'POST',
        url: seamlessEndpoints.balance.path,
        payload,
        headers: {
          'content-type': 'application/json',
          'x-provider-id': STUDIO_PROVIDER_ID,
          'x-signature': seamlessSignature(SECRET, payload),
        },
      });
      return res.json().balance as string;
    },
    async serverSeed(sessionId) {
      const [row] = await rowsOf(sql`select p.server_seed, p.client_seed, p.nonce from studio.seed_pairs p
        join studio.sessions s on p.owner = coalesce(s.player_ref, 'session:' || s.id)
        where s.id = ${sessionId} and p.active`);
      return {
        serverSeed: row!.server_seed as string,
        clientSeed: row!.client_seed as string,
        nonce: row!.nonce as number,
      };
    },
    async count(table) {
      const [row] = await rowsOf(sql.raw(`select count(*)::int as n from studio.${table}`));
      return row!.n as number;
    },
    async withTransport(wrap, fn) {
      const client = t.app.studio.wallet;
      const real = client.transport;
      client.transport = wrap(real);
      try {
        return await fn();
      } finally {
        client.transport = real;
      }
    },
  };
}

/** A client seed under which the next blackjack deal (bet 100) satisfies `want` (which may play on with `rng`). */
export function blackjackSeedFor(
  serverSeed: string,
  nonce: number,
  want: (s: blackjack.BlackjackState, rng: FairStream) => boolean,
) {
  for (let i = 0; i < 20_000; i++) {
    const clientSeed = `bj-${i}`;
    const rng = new FairStream({ serverSeed, clientSeed, nonce });
    const s = blackjack.deal(blackjack.BLACKJACK_DEFAULT, 100n, rng);
    if (want(s, rng)) return clientSeed;
  }
  throw new Error('no seed found');
}

/** The mine positions of the next mines round. */
export const minesOf = (serverSeed: string, clientSeed: string, nonce: number, count: number) =>
  mines.startMines(mines.MINES_DEFAULT, 100n, { mines: count }, new FairStream({ serverSeed, clientSeed, nonce }))
    .minePositions;
