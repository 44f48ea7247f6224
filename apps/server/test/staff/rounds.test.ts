import { randomUUID } from 'node:crypto';
import { ErrorCode, RoundReplay, STUDIO_PROVIDER_ID } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createStudioTestApp, type StudioTestApp } from '../studio/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from './helpers.ts';

// Round replay (backoffice-api.md §8, decision 0121): a real studio round read back by staff, its provably-fair
// data checked with the player's own verifier; a tampered round is caught; the read is audited.

let t: StudioTestApp;
let support: TestStaff;
let finance: TestStaff;
let marketing: TestStaff;
beforeAll(async () => {
  t = await createStudioTestApp();
  [support, finance, marketing] = await Promise.all([
    signedInStaff(t, 'support'),
    signedInStaff(t, 'finance'),
    signedInStaff(t, 'marketing'),
  ]);
});
afterAll(() => t.close());

const replay = (id: string, staff: TestStaff = support) =>
  staffRequest(t, staff, 'GET', `/api/backoffice/rounds/${encodeURIComponent(id)}`);
const rowsOf = async (q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A real-money dice round (1.00 EUR at 50 %) played through the studio's API. */
async function diceRound() {
  const { sessionId, playerId } = await t.real('dice', '10.00');
  const res = await t.api('POST', sessionId, '/rounds', {
    bet: '100',
    choice: { game: 'dice', chanceBp: 5000, over: true },
  });
  expect(res.status).toBe(200);
  const round = res.json.round as { id: string; payout: string };
  return { sessionId, playerId, round, roundId: `${STUDIO_PROVIDER_ID}:${round.id}` };
}

describe(`round replay (${databaseKind})`, () => {
  it('answers a studio round: unverifiable while its seed is in use, verified once the player rotates', async () => {
    const { sessionId, playerId, round, roundId } = await diceRound();
    const before = await replay(roundId);
    expect(before.status).toBe(200);
    const open = RoundReplay.parse(before.json.data);
    const won = round.payout !== '0';
    expect(open).toMatchObject({
      roundId,
      providerId: STUDIO_PROVIDER_ID,
      providerRoundId: round.id,
      playerId,
      gameId: 'dice',
      currency: 'EUR',
      status: 'settled',
      betTotal: 1,
      winTotal: won ? 1.98 : 0,
      verified: false,
    });
    expect(open.movements.map((m) => [m.kind, m.amount, m.rolledBack])).toEqual([
      ['bet', 1, false],
      ['win', won ? 1.98 : 0, false],
    ]);
    expect(open.movements[0]!.ledgerTransactionId).toEqual(expect.any(String));
    expect(open.fairness).toMatchObject({ serverSeed: null, verified: null, detail: expect.stringMatching(/rotat/) });
    expect(open.fairness!.outcome).toMatchObject({
      game: 'dice',
      bet: '100',
      choice: { chanceBp: 5000, over: true },
      result: { roll: expect.any(Number), win: won },
    });

    const rotated = await t.api('POST', sessionId, '/seeds/rotate', {});
    expect(rotated.status).toBe(200);
    const after = RoundReplay.parse((await replay(roundId)).json.data);
    expect(after.verified).toBe(true);
    expect(after.fairness).toMatchObject({
      serverSeed: rotated.json.revealed.serverSeed,
      serverSeedHash: rotated.json.revealed.serverSeedHash,
      verified: true,
      detail: null,
    });

    // Each read of the player's round is a view of the player's data: audited.
    const audit = await rowsOf(sql`select action, target_type, player_id, after from staff.audit_log
      where action = 'player.round.view' and player_id = ${playerId} order by seq`);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ target_type: 'player', after: { roundId } });
  });

  it('verifies a multi-step round (mines) with its recorded actions', async () => {
    const { sessionId } = await t.real('mines', '10.00');
    let r = (await t.api('POST', sessionId, '/rounds', { bet: '100', choice: { game: 'mines', mines: 3 } })).json.round;
    for (let tile = 0; r.status === 'open' && tile < 2; tile += 1) {
      r = (await t.api('POST', sessionId, `/rounds/${r.id}/actions`, { action: 'reveal', tile })).json.round;
    }
    if (r.status === 'open')
      r = (await t.api('POST', sessionId, `/rounds/${r.id}/actions`, { action: 'cashout' })).json.round;
    expect(r.status).toBe('settled');
    await t.api('POST', sessionId, '/seeds/rotate', {});
    const data = RoundReplay.parse((await replay(`${STUDIO_PROVIDER_ID}:${r.id}`)).json.data);
    expect(data.fairness!.outcome).toMatchObject({ game: 'mines', actions: expect.any(Array) });
    expect([data.verified, data.fairness!.detail]).toEqual([true, null]);
  });

  it('finds a tampered outcome, payout or seed: verified false, saying where', async () => {
    const { sessionId, round, roundId } = await diceRound();
    await t.api('POST', sessionId, '/seeds/rotate', {});
    expect((await replay(roundId)).json.data.verified).toBe(true);

    // The stored roll changed after the fact.
    await t.database.db.execute(sql`update studio.rounds
      set state = jsonb_set(state, '{roll}', to_jsonb(((state->>'roll')::int + 1) % 10000)) where id = ${round.id}`);
    const rolled = (await replay(roundId)).json.data;
    expect([rolled.verified, rolled.fairness.verified]).toEqual([false, false]);
    expect(rolled.fairness.detail).toMatch(/outcome\.roll/);

    // The roll put back, the recorded payout changed instead.
    await t.database.db.execute(sql`update studio.rounds
      set state = jsonb_set(state, '{roll}', to_jsonb(((state->>'roll')::int + 9999) % 10000)),
          payout = payout + 1 where id = ${round.id}`);
    const paid = (await replay(roundId)).json.data;
    expect(paid.verified).toBe(false);
    expect(paid.fairness.detail).toMatch(/payout/);

    // The payout put back, the revealed server seed swapped: it no longer matches its commitment.
    await t.database.db.execute(sql`update studio.rounds set payout = payout - 1 where id = ${round.id}`);
    expect((await replay(roundId)).json.data.verified).toBe(true);
    await t.database.db.execute(sql`update studio.seed_pairs set server_seed = ${'0'.repeat(64)}
      where id = (select seed_pair_id from studio.rounds where id = ${round.id})`);
    const seed = (await replay(roundId)).json.data;
    expect(seed.verified).toBe(false);
    expect(seed.fairness.detail).toMatch(/hash/);
  });

  it('answers another provider’s round without fairness, verified false', async () => {
    const { playerId } = await diceRound();
    const providerRoundId = `r-${randomUUID()}`;
    await t.database.db.execute(sql`insert into wallet.seamless_rounds
      (provider_id, round_id, player_id, game_id, currency, bet_total, status)
      values ('acme', ${providerRoundId}, ${playerId}, 'slot-1', 'EUR', 250, 'open')`);
    const res = await replay(`acme:${providerRoundId}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      providerId: 'acme',
      providerRoundId,
      betTotal: 2.5,
      movements: [],
      fairness: null,
      verified: false,
    });
  });

  it('lets support and finance read a round (rounds:read), not marketing', async () => {
    const { roundId } = await diceRound();
    expect((await replay(roundId, finance)).status).toBe(200);
    const refused = await replay(roundId, marketing);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(ErrorCode.staffForbidden);
  });

  it('answers 404 with the error envelope for an unknown or malformed round, never 500', async () => {
    for (const id of [
      `${STUDIO_PROVIDER_ID}:${randomUUID()}`,
      `${STUDIO_PROVIDER_ID}:not-a-uuid`,
      'acme:nope',
      'no-provider',
      ':x',
      `${STUDIO_PROVIDER_ID}:${'x'.repeat(400)}`,
      'acme:a:b:c',
    ]) {
      const res = await replay(id);
      expect(res.status, id).toBe(404);
      expect(res.json.error.code, id).toBe(ErrorCode.notFound);
    }
  });
});
