import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCode, newPlayer, type Player } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// Issue 27: a player's free spins keep what they were issued with — game, count, bet per spin, play window and
// the wagering their winnings will carry — whatever the campaign becomes; spins issued after an edit get the edit.

let t: SeamlessTestApp;
let marketing: TestStaff;
const reason = 'Testing frozen free spins';
const campaign = {
  name: 'Free spins campaign',
  kind: 'freespins',
  amounts: { EUR: 0.1 },
  freeSpinGame: 'slot-1',
  freeSpinCount: 5,
  wagerMultiplier: 20,
  wageringDays: 3,
  reusable: true,
  reason,
};

type Spin = { count: number; betAmount: number; gameId: string; expiredAt: string; issuedAt: string };
const spinsOf = async (p: Player) =>
  (await t.call('GET', '/api/game/player-freespins', { token: p.auth })).json.data as Spin[];
const termsOf = async (p: Player) => {
  const res = await t.database.db.execute(
    sql`select terms from bonus.player_freespins where player_id = ${p.playerId}::uuid`,
  );
  return (res as unknown as { rows: { terms: { wagerMultiplier: string; wageringDays: number } }[] }).rows[0]!.terms;
};

beforeAll(async () => {
  t = await createSeamlessTestApp();
  marketing = await signedInStaff(t, 'marketing');
});
afterAll(() => t.close());

describe(`free spins keep their issue's terms (${databaseKind})`, () => {
  it('an edit of the campaign changes the next issue only', async () => {
    const created = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', {
      ...campaign,
      identity: 'spins-frozen',
    });
    expect(created.status).toBe(200);
    const id = created.json.data.id as string;
    await staffRequest(t, marketing, 'POST', '/api/backoffice/bonus-codes', {
      code: 'SPINSFROZEN',
      bonusId: id,
      triggers: [1],
      reason,
    });
    const early = await newPlayer(t, 0);
    expect((await applyCode(t, early, 'SPINSFROZEN')).json.data.status).toBe(2);

    const edited = await staffRequest(t, marketing, 'PUT', `/api/backoffice/bonuses/${id}`, {
      ...campaign,
      amounts: { EUR: 0.2 },
      freeSpinGame: 'slot-2',
      freeSpinCount: 10,
      wagerMultiplier: 40,
      wageringDays: 1,
    });
    expect(edited.status).toBe(200);

    const [mine] = await spinsOf(early);
    expect(mine).toMatchObject({ count: 5, betAmount: 0.1, gameId: 'slot-1' });
    expect(await termsOf(early)).toMatchObject({ wagerMultiplier: '20.00', wageringDays: 3 });

    const late = await newPlayer(t, 0);
    expect((await applyCode(t, late, 'SPINSFROZEN')).json.data.status).toBe(2);
    const [theirs] = await spinsOf(late);
    expect(theirs).toMatchObject({ count: 10, betAmount: 0.2, gameId: 'slot-2' });
    expect(await termsOf(late)).toMatchObject({ wagerMultiplier: '40.00', wageringDays: 1 });
  });
});
