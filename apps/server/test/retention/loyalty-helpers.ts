import { signatureOf } from '../../src/modules/wallet/seamless/index.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { ACME } from '../seamless/helpers.ts';

// A test app with loyalty on and the acme seamless provider, for the loyalty and wheel tests: players
// who play through the signed seamless API, and the outbox drained so the retention consumer has run.

export interface RetentionTestApp extends PlayerTestApp {
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  seamless(path: string, body: unknown): Promise<{ status: number; json: any }>;
  /** A player with `funds` EUR, its API token and a seamless launch token for acme/slot-1. */
  newPlayer(funds?: number): Promise<{ playerId: string; auth: string; game: string }>;
  /** Runs the outbox until empty: the retention consumer has applied every event. */
  drain(): Promise<void>;
  /** What was published on a channel, oldest first. */
  publishedOn(channel: string): Promise<{ event: string; data: Record<string, unknown> }[]>;
}

export async function createRetentionTestApp(env: Record<string, string> = {}): Promise<RetentionTestApp> {
  const t = await createPlayerTestApp({
    SEAMLESS_PROVIDERS: JSON.stringify([{ ...ACME, enabled: true }]),
    LOYALTY_ENABLED: 'true',
    ...env,
  });
  const seamless: RetentionTestApp['seamless'] = async (path, body) => {
    const payload = JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/seamless/v1/${path}`,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-provider-id': ACME.id,
        'x-signature': signatureOf(ACME.secret, payload),
      },
    });
    return { status: res.statusCode, json: res.json() };
  };
  return {
    ...t,
    seamless,
    async newPlayer(funds = 100) {
      const { auth } = await registerPlayer(t);
      const playerId = auth.profile.id as string;
      if (funds > 0) {
        const res = await t.call('POST', '/api/dev/wallet/credit', {
          body: { playerId, currency: 'EUR', amount: funds },
        });
        if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
      }
      const launch = await t.call('POST', '/api/dev/seamless/launch-token', {
        body: { playerId, currency: 'EUR', providerId: ACME.id, gameId: 'slot-1' },
      });
      if (launch.status !== 200) throw new Error(`launch failed: ${JSON.stringify(launch.json)}`);
      return { playerId, auth: auth.accessToken as string, game: launch.json.data.token as string };
    },
    async drain() {
      await t.app.outbox.drain();
    },
    async publishedOn(channel) {
      return (await t.published(channel)).map(({ event, data }) => ({ event, data: data as Record<string, unknown> }));
    },
  };
}

let seq = 0;
/** One round through the seamless API: a bet and its win (0: lost). Amounts in EUR, as strings. */
export async function playRound(t: RetentionTestApp, game: string, bet: string, win = '0') {
  const roundId = `lr${++seq}-${Date.now()}`;
  const b = await t.seamless('bet', {
    token: game,
    transactionId: `${roundId}:b`,
    roundId,
    amount: bet,
    currency: 'EUR',
  });
  if (b.json.status !== 'OK') throw new Error(`bet refused: ${JSON.stringify(b.json)}`);
  await t.seamless('win', {
    token: game,
    transactionId: `${roundId}:w`,
    roundId,
    betTransactionId: `${roundId}:b`,
    amount: win,
    currency: 'EUR',
    closeRound: true,
  });
  return roundId;
}
