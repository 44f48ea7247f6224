import {
  STUDIO_API,
  StudioErrorAnswer,
  StudioRotateAnswer,
  StudioRoundAnswer,
  StudioRoundsAnswer,
  StudioSeedsAnswer,
  StudioSession,
  studioEndpoints,
} from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { databaseKind } from '../harness.ts';
import { createStudioTestApp, type StudioTestApp } from './helpers.ts';

// The studio's answers are what the contract (packages/contracts/src/studio.ts) says the game UI reads.

let t: StudioTestApp;
beforeAll(async () => {
  t = await createStudioTestApp();
  await t.app.studio.service.stop();
});
afterAll(() => t.close());

const parsed = <S extends z.ZodType>(schema: S, res: { status: number; json: unknown }) => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const result = schema.safeParse(res.json);
  expect(result.error?.issues ?? []).toEqual([]);
  return result.data as z.output<S>;
};

describe(`studio game API contract (${databaseKind})`, () => {
  it('mounts every operation of the table where the contract says', () => {
    for (const e of Object.values(studioEndpoints)) expect(e.path.startsWith(`${STUDIO_API}/sessions/`)).toBe(true);
  });

  it('answers the contract shapes in real play, a multi-step round included', async () => {
    const { sessionId } = await t.real('mines', '20.00');
    const session = parsed(StudioSession, await t.api('GET', sessionId));
    expect(session).toMatchObject({ mode: 'real', currency: 'EUR', subunitToUnit: 100, balance: '2000' });
    const bet = session.limits.minBet;
    const started = parsed(
      StudioRoundAnswer,
      await t.api('POST', sessionId, '/rounds', { bet, choice: { game: 'mines', mines: 3 } }),
    );
    expect(started.round.status).toBe('open');
    const actOn = (body: object) => t.api('POST', sessionId, `/rounds/${started.round.id}/actions`, body);
    let acted = parsed(StudioRoundAnswer, await actOn({ action: 'reveal', tile: 0 }));
    expect(acted.round.history).toEqual([{ action: 'reveal', tile: 0 }]);
    if (acted.round.status === 'open') acted = parsed(StudioRoundAnswer, await actOn({ action: 'cashout' }));
    expect(acted.round.status).not.toBe('open');
    parsed(StudioRoundsAnswer, await t.api('GET', sessionId, '/rounds?limit=5'));
    parsed(StudioSeedsAnswer, await t.api('PUT', sessionId, '/seeds', { clientSeed: 'contract-seed' }));
    parsed(StudioRotateAnswer, await t.api('POST', sessionId, '/seeds/rotate', {}));
  });

  it('answers refusals in the error envelope', async () => {
    const id = await t.demo('dice');
    const res = await t.api('POST', id, '/rounds', { bet: 'ten', choice: { game: 'dice' } });
    expect(res.status).toBe(422);
    expect(StudioErrorAnswer.parse(res.json).error.field).toBe('bet');
  });
});
