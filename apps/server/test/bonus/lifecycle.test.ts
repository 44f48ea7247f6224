import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { account, applyCode, bonusesOf, defineBonus, ledgerHolds, newPlayer, round } from './helpers.ts';

// The bonus lifecycle through the public API and the seamless money path (issue 12 §2–3).

let t: SeamlessTestApp;

beforeAll(async () => {
  t = await createSeamlessTestApp();
  await defineBonus(t, { identity: 'cash10', amount: 10_00n, wager: '10', maxBet: 2_00n, code: 'CASH10' });
  await defineBonus(t, { identity: 'capped', amount: 10_00n, wager: '1', maxWin: 5_00n, code: 'CAPPED' });
  await defineBonus(t, { identity: 'locked', amount: 10_00n, wager: '10', cancelLock: true, code: 'LOCKED' });
  await defineBonus(t, { identity: 'deposit', kind: 'deposit', code: 'DEPOSIT', triggers: [3] });
});
afterAll(() => t.close());

describe(`bonus lifecycle (${databaseKind})`, () => {
  it('applies a cash code: issued and activated at once, its money in the bonus balance', async () => {
    const p = await newPlayer(t, 20);
    const res = await applyCode(t, p, 'cash10');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ bonusCode: 'CASH10', status: 2, trigger: 1 });
    const [bonus] = await bonusesOf(t, p);
    expect(bonus).toMatchObject({ status: 2, result: 1, amount: 10, maxBetAmount: 2, requiredWagerCasinoAmount: 100 });
    expect(await account(t, p)).toMatchObject({ balance: 30, realBalance: 20, bonusBalance: 10 });
  });

  it('answers incorrect and unavailable codes with their statuses, then locks after repeated wrong ones', async () => {
    const p = await newPlayer(t, 0);
    expect((await applyCode(t, p, 'NOPE')).json.data.status).toBe(3);
    expect((await applyCode(t, p, 'DEPOSIT', 1)).json.data.status).toBe(4);
    for (let i = 0; i < 4; i++) expect((await applyCode(t, p, `WRONG${i}`)).json.data.status).toBe(3);
    const locked = await applyCode(t, p, 'CASH10');
    expect(locked.status).toBe(400);
    expect(locked.json.error.code).toBe(5);
  });

  it('attaches a deposit code (trigger 3), lists it, and detaches it with a JSON body', async () => {
    const p = await newPlayer(t, 0);
    const attached = await applyCode(t, p, 'deposit', 3);
    expect(attached.json.data.status).toBe(1);
    const listed = await t.call('GET', '/api/game/bonuses/bonuscodes?trigger=3', { token: p.auth });
    expect(listed.json.data.map((c: { id: string }) => c.id)).toEqual([attached.json.data.id]);
    const other = await newPlayer(t, 0);
    const foreign = await t.call('DELETE', '/api/game/bonuses/bonuscodes', {
      token: other.auth,
      body: { playerBonusCodeId: attached.json.data.id },
    });
    expect(foreign.status).toBe(404);
    const removed = await t.call('DELETE', '/api/game/bonuses/bonuscodes', {
      token: p.auth,
      body: { playerBonusCodeId: attached.json.data.id },
    });
    expect(removed.status).toBe(200);
    expect((await t.call('GET', '/api/game/bonuses/bonuscodes?trigger=3', { token: p.auth })).json.data).toEqual([]);
  });

  it('stakes real money first, splits wins by the stake, and refuses a bet above the max bet', async () => {
    const p = await newPlayer(t, 1);
    await applyCode(t, p, 'CASH10');
    // 2 EUR stake: 1 real + 1 bonus; a 4 EUR win splits half and half.
    const r = await round(t, p, '2.00', '4.00');
    expect(r.win.status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 2, bonusBalance: 11, balance: 13 });
    const refused = await round(t, p, '2.01', '0');
    expect(refused.bet).toMatchObject({ status: 'ERROR', code: 'LIMIT_REACHED' });
    expect(await account(t, p)).toMatchObject({ balance: 13 });
    const [bonus] = await bonusesOf(t, p);
    expect(bonus!.currentWagerAmount).toBe(2);
  });

  it('converts when wagering completes, capped at the max win, the excess forfeited', async () => {
    const p = await newPlayer(t, 0);
    await applyCode(t, p, 'CAPPED');
    // ×1 of 10 EUR: a 6 EUR stake, a 12 EUR win (bonus money only) leaves 16 bonus; then a 4 EUR stake
    // completes the 10 EUR requirement: 12 bonus left, 5 converted, 7 forfeited.
    await round(t, p, '6.00', '12.00');
    await round(t, p, '4.00', '0');
    expect(await account(t, p)).toMatchObject({ realBalance: 5, bonusBalance: 0 });
    const [done] = await bonusesOf(t, p, '?status[]=3');
    expect(done).toMatchObject({ status: 3, result: 2 });
    expect(await ledgerHolds(t)).toEqual({ sums: ['0'], negative: 0 });
  });

  it('marks a bonus lost when its money is gone and no round is open', async () => {
    const p = await newPlayer(t, 0);
    await applyCode(t, p, 'CASH10');
    await round(t, p, '2.00', '0');
    for (let i = 0; i < 4; i++) await round(t, p, '2.00', '0');
    const [lost] = await bonusesOf(t, p);
    expect(lost).toMatchObject({ status: 3, result: 5 });
  });

  it('cancels an active bonus (forfeit) and refuses to cancel one under its wagering lock', async () => {
    const p = await newPlayer(t, 5);
    await applyCode(t, p, 'CASH10');
    const [active] = await bonusesOf(t, p);
    const other = await newPlayer(t, 0);
    expect((await t.call('PUT', `/api/game/player-bonuses/${active!.id}/cancel`, { token: other.auth })).status).toBe(
      404,
    );
    const cancelled = await t.call('PUT', `/api/game/player-bonuses/${active!.id}/cancel`, { token: p.auth });
    expect(cancelled.json.data).toMatchObject({ status: 3, result: 3 });
    expect(await account(t, p)).toMatchObject({ realBalance: 5, bonusBalance: 0 });

    await applyCode(t, p, 'LOCKED');
    const [lockedBonus] = await bonusesOf(t, p, '?status[]=2');
    await round(t, p, '1.00', '0');
    const refused = await t.call('PUT', `/api/game/player-bonuses/${lockedBonus!.id}/cancel`, { token: p.auth });
    expect(refused.status).toBe(409);
  });

  it('keeps a second bonus issued while one is active, and swaps them on activate', async () => {
    const p = await newPlayer(t, 0);
    await applyCode(t, p, 'CASH10');
    await applyCode(t, p, 'CAPPED');
    const list = await bonusesOf(t, p, '?sortOrder=asc');
    expect(list.map((b) => b.status)).toEqual([2, 1]);
    const swapped = await t.call('PUT', `/api/game/player-bonuses/${list[1]!.id}/activate`, { token: p.auth });
    expect(swapped.json.data.status).toBe(2);
    const after = await bonusesOf(t, p, '?sortOrder=asc');
    expect(after.map((b) => [b.status, b.result])).toEqual([
      [3, 3],
      [2, 1],
    ]);
    expect(await account(t, p)).toMatchObject({ bonusBalance: 10 });
  });

  it('refuses bad input with 422 and unknown ids with 404', async () => {
    const p = await newPlayer(t, 0);
    expect((await t.call('PUT', '/api/game/player-bonuses/not-a-uuid/activate', { token: p.auth })).status).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.call('PUT', `/api/game/player-bonuses/${missing}/activate`, { token: p.auth })).status).toBe(404);
    expect((await applyCode(t, p, '', 1)).status).toBe(422);
    expect((await applyCode(t, p, 'CASH10', 2)).status).toBe(422);
    expect((await t.call('GET', '/api/game/bonuses?currency=XXX', { token: p.auth })).status).toBe(422);
    expect((await t.call('GET', '/api/game/player-bonuses?status[]=9', { token: p.auth })).status).toBe(422);
  });
});
