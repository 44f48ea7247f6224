import { randomUUID } from 'node:crypto';
import { STUDIO_PROVIDER_ID } from '@croupier/contracts';
import { seamlessSignature } from '@croupier/contracts/seamless-signature';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../src/app.ts';
import { seedGames } from '../../src/modules/game/seed.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

export const STUDIO_SECRET = 'game-test-studio-secret-0123456789';

export interface GameTestApp extends PlayerTestApp {
  /** A registered player (EUR account, country DE) with `funds` credited (major units). */
  newPlayer(
    funds?: number,
    extra?: Record<string, unknown>,
  ): Promise<{ playerId: string; token: string; email: string }>;
  /** A signed seamless call as the studio. */
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  studio(path: string, body: unknown): Promise<{ status: number; json: any }>;
  /** One whole real round through the seamless API: bet, then (unless `open`) a closing win. */
  round(launchToken: string, bet: string, win: string | null, gameId?: string): Promise<string>;
}

/** Signed seamless calls as the studio, through `app.inject`. */
export const studioCaller =
  (app: FastifyInstance, secret: string): GameTestApp['studio'] =>
  async (path, body) => {
    const payload = JSON.stringify(body);
    const res = await app.inject({
      method: 'POST',
      url: `/api/seamless/v1/${path}`,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-provider-id': STUDIO_PROVIDER_ID,
        'x-signature': seamlessSignature(secret, payload),
      },
    });
    return { status: res.statusCode, json: res.json() };
  };

/** A player test app with the demo catalogue seeded and a known studio secret. */
export async function createGameTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'checks'> = {},
): Promise<GameTestApp> {
  const t = await createPlayerTestApp({ STUDIO_SECRET, ...env }, options);
  await seedGames(t.database.db);
  const studio = studioCaller(t.app, STUDIO_SECRET);
  return {
    ...t,
    studio,
    async newPlayer(funds = 100, extra = {}) {
      const { auth, email } = await registerPlayer(t, undefined, extra);
      const playerId = auth.profile.id;
      if (funds > 0) {
        const res = await t.call('POST', '/api/dev/wallet/credit', {
          body: { playerId, currency: 'EUR', amount: funds },
        });
        if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
      }
      return { playerId, token: auth.accessToken, email };
    },
    async round(launchToken, bet, win, gameId) {
      const roundId = `r-${randomUUID()}`;
      const b = await studio('bet', {
        token: launchToken,
        transactionId: `b-${randomUUID()}`,
        roundId,
        amount: bet,
        currency: 'EUR',
        ...(gameId ? { gameId } : {}),
      });
      if (b.status !== 200) throw new Error(`bet failed: ${JSON.stringify(b.json)}`);
      if (win !== null) {
        const w = await studio('win', {
          token: launchToken,
          transactionId: `w-${randomUUID()}`,
          roundId,
          amount: win,
          currency: 'EUR',
          closeRound: true,
        });
        if (w.status !== 200) throw new Error(`win failed: ${JSON.stringify(w.json)}`);
      }
      return roundId;
    },
  };
}
