import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { rows } from '../wallet/db.ts';
import { createRiskTestApp, type RiskTestApp, uid } from './helpers.ts';

// Limits are checked and counted under the account lock: concurrent bets over several sessions of one
// player can never overshoot a bet limit, and no sequence of bets, wins and refunds passes a loss limit.

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const realOf = async (playerId: string) => {
  const [row] = await rows(
    t.database.db,
    sql`select real::text as real from wallet.accounts where player_id = ${playerId} and currency = 'EUR'`,
  );
  return Number(row.real);
};

describe(`limits under concurrency (${databaseKind})`, () => {
  it('16 parallel bets over 4 sessions under a bet limit of 5 stakes: exactly 5 accepted', async () => {
    const { playerId, token } = await t.member(100);
    const limit = await t.call('POST', '/api/player/limits', {
      token,
      body: { definition: 1, period: 'daily', currency: 'EUR', amount: 5 },
    });
    expect(limit.status).toBe(200);
    const sessions = await Promise.all(Array.from({ length: 4 }, () => t.launch(playerId)));
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => t.bet(sessions[i % 4]!, '1')));
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(5);
    expect(answers.filter((a) => a.code === 'LIMIT_REACHED')).toHaveLength(11);
    expect(await realOf(playerId)).toBe(9_500);
  });

  it('a loss limit is never passed, whatever the bets, wins and refunds (property)', async () => {
    const step = fc.record({
      stake: fc.integer({ min: 1, max: 900 }),
      outcome: fc.constantFrom('lose', 'win', 'rollback'),
      payout: fc.integer({ min: 0, max: 1500 }),
      parallel: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 3000 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (limit, steps) => {
          const { playerId, token, launch } = await t.member(100);
          await t.call('POST', '/api/player/limits', {
            token,
            body: { definition: 2, period: 'daily', currency: 'EUR', amount: limit / 100 },
          });
          const start = await realOf(playerId);
          let lowest = start;
          for (const s of steps) {
            const round = uid('r');
            const amount = (s.stake / 100).toFixed(2);
            const bets = s.parallel
              ? [t.bet(launch, amount, round), t.bet(launch, amount, round)]
              : [t.bet(launch, amount, round)];
            const placed = (await Promise.all(bets)).filter((b) => b.status === 'OK');
            lowest = Math.min(lowest, await realOf(playerId));
            for (const bet of placed) {
              if (s.outcome === 'rollback') {
                await t.seamless('rollback', {
                  token: launch,
                  transactionId: uid('rb'),
                  rollbackTransactionId: bet.transactionId,
                  roundId: round,
                });
              }
            }
            if (s.outcome === 'win' && placed.length > 0) {
              await t.seamless('win', {
                token: launch,
                transactionId: uid('w'),
                roundId: round,
                amount: (s.payout / 100).toFixed(2),
                currency: 'EUR',
                closeRound: true,
              });
            }
            // The player's real money never falls more than the limit below where the day started.
            expect(start - lowest).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: databaseKind === 'postgres' ? 12 : 8 },
    );
  });
});
