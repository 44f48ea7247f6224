import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { account, applyCode, bonusesOf, defineBonus, houseBonus, ledgerHolds, newPlayer, round } from './helpers.ts';

// Issue 23, findings 1, 3 and 8: a bonus and a round that is still open (decision 0090). A cancelled bonus's
// round pays its share to the house; the rollback of the bet that completed wagering refunds it and leaves the
// bonus active; the max bet holds per round.

let t: SeamlessTestApp;
const memory = new MemoryPublisher();

beforeAll(async () => {
  t = await createSeamlessTestApp();
  t.app.outbox.addPublisher(memory);
  await defineBonus(t, { identity: 'open-cancel', amount: 20_00n, wager: '15', maxBet: 5_00n, code: 'OPENCANCEL' });
  await defineBonus(t, { identity: 'open-done', amount: 10_00n, wager: '1', code: 'OPENDONE' });
  await defineBonus(t, { identity: 'open-capped', amount: 10_00n, wager: '1', maxWin: 5_00n, code: 'OPENCAPPED' });
  await defineBonus(t, { identity: 'open-maxbet', amount: 10_00n, wager: '10', maxBet: 5_00n, code: 'OPENMAXBET' });
  await defineBonus(t, { identity: 'open-late', amount: 10_00n, wager: '1', maxWin: 8_00n, code: 'OPENLATE' });
  await defineBonus(t, { identity: 'open-next', amount: 5_00n, wager: '1', code: 'OPENNEXT' });
});
afterAll(() => t.close());

let seq = 0;
const id = () => `open${++seq}-${Date.now()}`;
const bet = (game: string, roundId: string, amount: string, tx = `${roundId}:b${++seq}`) =>
  t.seamless('bet', { token: game, transactionId: tx, roundId, amount, currency: 'EUR' }).then((r) => r.json);
const win = (game: string, roundId: string, amount: string, closeRound = true) =>
  t
    .seamless('win', {
      token: game,
      transactionId: `${roundId}:w${++seq}`,
      roundId,
      amount,
      currency: 'EUR',
      closeRound,
    })
    .then((r) => r.json);
const rollback = (game: string, roundId: string, betTx: string) =>
  t
    .seamless('rollback', { token: game, transactionId: `${betTx}:rb`, rollbackTransactionId: betTx, roundId })
    .then((r) => r.json);

describe(`a bonus and its open rounds (${databaseKind})`, () => {
  it('finding 1: a bonus cancelled while its round is open forfeits the round’s bonus share', async () => {
    const p = await newPlayer(t, 0);
    expect((await applyCode(t, p, 'OPENCANCEL')).json.data.status).toBe(2);
    const [active] = await bonusesOf(t, p);
    const house = await houseBonus(t);
    const roundId = id();
    expect((await bet(p.game, roundId, '5.00')).status).toBe('OK');
    const cancelled = await t.call('PUT', `/api/game/player-bonuses/${active!.id}/cancel`, { token: p.auth });
    expect(cancelled.status).toBe(200);
    expect(await account(t, p)).toMatchObject({ realBalance: 0, bonusBalance: 0 });
    expect((await win(p.game, roundId, '100.00')).status).toBe('OK');
    // Staked with bonus money only: the whole win is the bonus's share, forfeited with the bonus.
    expect(await account(t, p)).toMatchObject({ realBalance: 0, bonusBalance: 0, balance: 0 });
    expect((await houseBonus(t)) - house).toBe(15_00 + 100_00);
    expect(await ledgerHolds(t)).toMatchObject({ negative: 0 });
  });

  it('finding 1: a mixed stake keeps its real share when the bonus ended meanwhile', async () => {
    const p = await newPlayer(t, 1);
    await applyCode(t, p, 'OPENCANCEL');
    const [active] = await bonusesOf(t, p);
    const roundId = id();
    expect((await bet(p.game, roundId, '4.00')).status).toBe('OK'); // 1 real + 3 bonus
    await t.call('PUT', `/api/game/player-bonuses/${active!.id}/cancel`, { token: p.auth });
    expect((await win(p.game, roundId, '8.00')).status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 2, bonusBalance: 0 });
  });

  it('finding 3: the rollback of the bet that completes wagering refunds it, the bonus stays active', async () => {
    const p = await newPlayer(t, 20);
    await applyCode(t, p, 'OPENDONE');
    await round(t, p, '5.00', '5.00'); // wagering 5 of 10
    const roundId = id();
    const betTx = `${roundId}:b0`;
    expect((await bet(p.game, roundId, '5.00', betTx)).status).toBe('OK'); // 10 of 10, real money
    expect((await rollback(p.game, roundId, betTx)).status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 20, bonusBalance: 10 });
    const [bonus] = await bonusesOf(t, p);
    expect(bonus).toMatchObject({ status: 2, result: 1, currentWagerAmount: 5 });
    expect(await ledgerHolds(t)).toMatchObject({ negative: 0 });
  });

  it('finding 3: with a max win, that rollback pays out nothing of the forfeited excess', async () => {
    const p = await newPlayer(t, 0);
    await applyCode(t, p, 'OPENCAPPED');
    await round(t, p, '5.00', '5.00'); // bonus money: wagering 5 of 10, bonus 10
    const house = await houseBonus(t);
    const roundId = id();
    const betTx = `${roundId}:b0`;
    expect((await bet(p.game, roundId, '5.00', betTx)).status).toBe('OK');
    expect((await rollback(p.game, roundId, betTx)).status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 0, bonusBalance: 10 });
    expect(await houseBonus(t)).toBe(house);
    expect((await bonusesOf(t, p))[0]).toMatchObject({ status: 2, currentWagerAmount: 5 });
    // Played for real: the round's close converts, capped.
    const done = await round(t, p, '5.00', '0');
    expect(done.win?.status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 5, bonusBalance: 0 });
    expect((await bonusesOf(t, p, '?status[]=3'))[0]).toMatchObject({ status: 3, result: 2 });
    // The site hears of the end from the movement's own statement.
    await t.app.outbox.drain();
    const told = memory.published.filter((m) => m.channel === `bonus:player-bonuses#${p.playerId}`).at(-1);
    expect(told?.data).toMatchObject({ event: 'player.bonus.updated', playerBonus: { status: 3, result: 2 } });
  });

  it('finding 8: the max bet holds for the sum of one round’s stakes', async () => {
    const p = await newPlayer(t, 20);
    await applyCode(t, p, 'OPENMAXBET');
    const roundId = id();
    const first = `${roundId}:b0`;
    expect((await bet(p.game, roundId, '5.00', first)).status).toBe('OK');
    expect(await bet(p.game, roundId, '5.00')).toMatchObject({ status: 'ERROR', code: 'LIMIT_REACHED' });
    expect(await bet(p.game, roundId, '0.01')).toMatchObject({ status: 'ERROR', code: 'LIMIT_REACHED' });
    // A rolled-back stake no longer counts; another round has its own.
    expect((await rollback(p.game, roundId, first)).status).toBe('OK');
    expect((await bet(p.game, roundId, '5.00')).status).toBe('OK');
    expect((await bet(p.game, id(), '5.00')).status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ balance: 20 });
  });

  it('a zero win that leaves the round open keeps a wagered bonus waiting: its bet can still be rolled back', async () => {
    const p = await newPlayer(t, 20);
    await applyCode(t, p, 'OPENDONE');
    const roundId = id();
    const betTx = `${roundId}:b0`;
    expect((await bet(p.game, roundId, '10.00', betTx)).status).toBe('OK'); // wagering 10 of 10
    expect((await win(p.game, roundId, '0.00', false)).status).toBe('OK');
    expect((await bonusesOf(t, p))[0]).toMatchObject({ status: 2, currentWagerAmount: 10 });
    expect((await rollback(p.game, roundId, betTx)).status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 20, bonusBalance: 10 });
    expect((await bonusesOf(t, p))[0]).toMatchObject({ status: 2, currentWagerAmount: 0 });
  });

  it('a played bonus’s round that pays again after the conversion stays within the max win', async () => {
    const p = await newPlayer(t, 0);
    await applyCode(t, p, 'OPENLATE'); // 10 bonus, wager ×1, max win 8
    const first = id();
    expect((await bet(p.game, first, '5.00')).status).toBe('OK');
    expect((await win(p.game, first, '1.00', false)).status).toBe('OK'); // paid: settled, still open
    const second = id();
    expect((await bet(p.game, second, '5.00')).status).toBe('OK'); // wagering 10 of 10
    expect((await win(p.game, second, '0.00')).status).toBe('OK'); // nothing open: converts the 1 left
    expect(await account(t, p)).toMatchObject({ realBalance: 1, bonusBalance: 0 });
    const house = await houseBonus(t);
    expect((await win(p.game, first, '20.00', false)).status).toBe('OK'); // all of it the bonus's share
    expect(await account(t, p)).toMatchObject({ realBalance: 8, bonusBalance: 0 });
    expect((await win(p.game, first, '5.00')).status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 8, bonusBalance: 0 });
    expect((await houseBonus(t)) - house).toBe(13_00 + 5_00);
  });

  it('a round opened under a bonus that ended takes no stake under the next one', async () => {
    const p = await newPlayer(t, 20);
    await applyCode(t, p, 'OPENCANCEL');
    const [first] = await bonusesOf(t, p);
    const roundId = id();
    expect((await bet(p.game, roundId, '2.00')).status).toBe('OK');
    await t.call('PUT', `/api/game/player-bonuses/${first!.id}/cancel`, { token: p.auth });
    expect((await applyCode(t, p, 'OPENNEXT')).json.data.status).toBe(2);
    expect(await bet(p.game, roundId, '1.00')).toMatchObject({ status: 'ERROR', code: 'LIMIT_REACHED' });
    expect((await bet(p.game, id(), '1.00')).status).toBe('OK');
  });
});
