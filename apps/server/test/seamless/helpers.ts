import type { AppOptions } from '../../src/app.ts';
import { signatureOf } from '../../src/modules/wallet/seamless/index.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

export const ACME = { id: 'acme', secret: 'acme-test-secret-0123456789', games: ['slot-1', 'slot-2'] };

export interface SeamlessTestApp extends PlayerTestApp {
  /** A signed seamless call as provider `acme` (or as given); `raw` sends the body bytes as they are. */
  seamless(
    path: string,
    body: unknown,
    opts?: { provider?: string; secret?: string; signature?: string; raw?: string },
    // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  ): Promise<{ status: number; json: any }>;
  /** A registered player with `funds` (major units, EUR) and a launch token for acme/slot-1. */
  newPlayer(
    funds?: string,
    opts?: { ttlSeconds?: number; currency?: string },
  ): Promise<{ playerId: string; token: string }>;
  launch(playerId: string, opts?: { ttlSeconds?: number; currency?: string }): Promise<string>;
}

export async function createSeamlessTestApp(
  options: Pick<AppOptions, 'moneyRules' | 'riskClock'> = {},
  /** More environment (e.g. a feature flag). */
  env: Record<string, string> = {},
): Promise<SeamlessTestApp> {
  const t = await createPlayerTestApp(
    { SEAMLESS_PROVIDERS: JSON.stringify([{ ...ACME, enabled: true }]), ...env },
    options,
  );
  const seamless: SeamlessTestApp['seamless'] = async (path, body, opts = {}) => {
    const payload = opts.raw ?? JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/seamless/v1/${path}`,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-provider-id': opts.provider ?? ACME.id,
        'x-signature': opts.signature ?? signatureOf(opts.secret ?? ACME.secret, payload),
      },
    });
    let json: unknown;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json };
  };
  const launch: SeamlessTestApp['launch'] = async (playerId, opts = {}) => {
    const res = await t.call('POST', '/api/dev/seamless/launch-token', {
      body: { playerId, currency: opts.currency ?? 'EUR', providerId: ACME.id, gameId: 'slot-1', ...opts },
    });
    if (res.status !== 200) throw new Error(`launch failed: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.data.token as string;
  };
  return {
    ...t,
    seamless,
    launch,
    async newPlayer(funds = '100.00', opts = {}) {
      const { auth } = await registerPlayer(t);
      const playerId = auth.profile.id;
      if (funds !== '0') {
        const res = await t.call('POST', '/api/dev/wallet/credit', {
          body: { playerId, currency: 'EUR', amount: Number(funds) },
        });
        if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
      }
      return { playerId, token: await launch(playerId, opts) };
    },
  };
}
