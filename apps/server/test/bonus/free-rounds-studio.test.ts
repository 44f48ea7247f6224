import { STUDIO_PROVIDER_ID } from '@croupier/contracts';
import { playerRefOf } from '@croupier/contracts/launch-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, codes } from '../../src/modules/bonus/schema.ts';
import { databaseKind } from '../harness.ts';
import { registerPlayer } from '../player/helpers.ts';
import { createStudioTestApp, SECRET, type StudioTestApp } from '../studio/helpers.ts';

// The studio's free rounds (decision 0065): the casino's award reaches the studio, a real Neon Fruits session
// of that player lists and plays them (stake 0, the free-spin id), nobody else's session can.

let t: StudioTestApp;

beforeAll(async () => {
  t = await createStudioTestApp();
  const [spins] = await t.database.db
    .insert(bonuses)
    .values({
      identity: 'studio-spins',
      name: 'Two free spins',
      kind: 'freespins',
      amounts: { EUR: '10' },
      freeSpinGame: 'neon-fruits',
      freeSpinCount: 2,
      wagerMultiplier: '20',
    })
    .returning();
  await t.database.db.insert(codes).values({ code: 'STUDIO2', bonusId: spins!.id, triggers: [1] });
});
afterAll(() => t.close());

/** A player with 10 EUR, the code applied (or not), and a real session with the launch's player reference. */
async function session(withCode: boolean, game = 'neon-fruits') {
  const { auth } = await registerPlayer(t);
  const playerId = auth.profile.id;
  await t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency: 'EUR', amount: 10 } });
  if (withCode) {
    const applied = await t.call('POST', '/api/game/bonuses/bonuscodes', {
      token: auth.accessToken,
      body: { bonusCode: 'STUDIO2', trigger: 1 },
    });
    expect(applied.json.data.status).toBe(2);
  }
  const launch = await t.call('POST', '/api/dev/seamless/launch-token', {
    body: { playerId, currency: 'EUR', providerId: STUDIO_PROVIDER_ID, gameId: game },
  });
  const player = playerRefOf(SECRET, playerId);
  const sessionId = await t.open(game, { mode: 'real', player, token: launch.json.data.token });
  return { sessionId, auth: auth.accessToken };
}

describe(`studio free rounds (${databaseKind})`, () => {
  it('lists the awarded free rounds and plays them as zero-stake rounds until none is left', async () => {
    const { sessionId, auth } = await session(true);
    const listed = await t.api('GET', sessionId, '/free-rounds');
    expect(listed.status).toBe(200);
    expect(listed.json.freeRounds).toEqual([{ id: expect.any(String), count: 2, usedCount: 0, bet: '10' }]);
    const id = listed.json.freeRounds[0].id as string;
    for (let i = 0; i < 2; i += 1) {
      const played = await t.api('POST', sessionId, `/free-rounds/${id}/play`, {});
      expect(played.status).toBe(200);
      expect(played.json.round).toMatchObject({ bet: '0', status: 'settled', game: 'neon-fruits' });
      expect(played.json.balance).toBe('1000');
    }
    expect((await t.api('GET', sessionId, '/free-rounds')).json.freeRounds).toEqual([]);
    expect((await t.api('POST', sessionId, `/free-rounds/${id}/play`, {})).status).toBe(404);
    const spins = await t.call('GET', '/api/game/player-freespins', { token: auth });
    expect(spins.json.data[0]).toMatchObject({ usedCount: 2, status: 3, result: 2 });
  });

  it('offers nothing to another player, another game or a demo session; bad ids are 404', async () => {
    const owner = await session(true);
    const [award] = (await t.api('GET', owner.sessionId, '/free-rounds')).json.freeRounds;
    const other = await session(false);
    expect((await t.api('GET', other.sessionId, '/free-rounds')).json.freeRounds).toEqual([]);
    expect((await t.api('POST', other.sessionId, `/free-rounds/${award.id}/play`, {})).status).toBe(404);
    const dice = await session(false, 'dice');
    expect((await t.api('POST', dice.sessionId, `/free-rounds/${award.id}/play`, {})).status).toBe(404);
    const demo = await t.demo('neon-fruits');
    expect((await t.api('GET', demo, '/free-rounds')).json.freeRounds).toEqual([]);
    expect((await t.api('POST', demo, `/free-rounds/${award.id}/play`, {})).status).toBe(404);
    expect((await t.api('POST', owner.sessionId, '/free-rounds/nope/play', {})).status).toBe(404);
    expect((await t.api('GET', 'not-a-session', '/free-rounds')).status).toBe(404);
    // The owner's award is untouched.
    expect((await t.api('GET', owner.sessionId, '/free-rounds')).json.freeRounds[0].usedCount).toBe(0);
  });
});
