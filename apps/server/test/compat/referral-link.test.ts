import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBonuses } from '../../src/modules/bonus/index.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

// Issue 29 §2.1: the seed's client shows the referral link only once it learned the programme's bonus. With no
// owner bonus it asks for `bonusIds: [null]`, which its query encoder sends as a bracket key with no value; the
// 422 it got made it hide the player's link. No id named is no bonus: an empty list.

let t: PlayerTestApp;
let token: string;
beforeAll(async () => {
  t = await createPlayerTestApp({ REFERRALS_ENABLED: 'true' });
  await seedBonuses(t.database.db);
  token = (await registerPlayer(t)).auth.accessToken;
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token });

describe(`the referral card's bonus lookup (${databaseKind})`, () => {
  it('answers the settings, then an empty list for the empty id the client sends', async () => {
    const settings = await get('/api/player/referral-settings');
    expect(settings.json.data).toMatchObject({ enabled: true, ownerBonusId: null });
    expect(settings.json.data.maxReferralCount).toBeGreaterThan(0);

    for (const url of [
      '/api/game/bonuses?bonusIds[]=&currency=EUR&triggerType=11',
      '/api/game/bonuses?bonusIds[]&currency=EUR&triggerType=11',
      '/api/game/bonuses?bonusIds=&currency=EUR',
    ]) {
      const res = await get(url);
      expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBe(200);
      // Not the deposit offers an absent bonusIds lists: none was named.
      expect(res.json.data, url).toEqual([]);
    }
    expect((await get('/api/game/bonuses/status?bonusIds[]=&currency=EUR')).json).toEqual({ data: [] });
  });

  it('still lists the deposit offers without bonusIds, a named bonus by its id, and refuses a malformed id', async () => {
    const offers = (await get('/api/game/bonuses?currency=EUR')).json.data as { id: string }[];
    expect(offers.length).toBeGreaterThan(0);
    const named = await get(`/api/game/bonuses?bonusIds[]=${offers[0]!.id}&bonusIds[]=&currency=EUR`);
    expect(named.json.data.map((b: { id: string }) => b.id)).toEqual([offers[0]!.id]);
    expect((await get('/api/game/bonuses?bonusIds[]=nope&currency=EUR')).status).toBe(422);
  });
});
