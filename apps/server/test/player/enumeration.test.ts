import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestPasswordReset } from '../../src/modules/player/accounts/password-reset.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer, registration, uniqueEmail } from './helpers.ts';

// Issue 14 §5: a taken e-mail costs registration and password reset as much time as a free one
// (docs/decisions/0034). Medians of interleaved runs, so a busy machine slows both sides alike.

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(run: () => Promise<{ status: number }>, status: number): Promise<number> {
  const started = performance.now();
  const res = await run();
  const ms = performance.now() - started;
  expect(res.status).toBe(status);
  return ms;
}

describe(`no enumeration by timing (${databaseKind})`, () => {
  it('registration with a taken e-mail takes as long as a new registration, and tells the owner', async () => {
    const { email } = await registerPlayer(t);
    const register = (address: string) => () => t.call('POST', '/api/player/register', { body: registration(address) });
    // Warm-up: the first calls pay for compilation and caches.
    await register(uniqueEmail())();
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 7; i++) {
      fresh.push(await timed(register(uniqueEmail('fresh')), 200));
      taken.push(await timed(register(email), 422));
    }
    expect(median(taken) / median(fresh), `taken ${taken.join(', ')} / fresh ${fresh.join(', ')}`).toBeGreaterThan(
      0.75,
    );
    expect(t.messenger.emailsTo(email).filter((m) => /tried to register/.test(m.subject)).length).toBeGreaterThan(0);
  });

  it('a reset request answers before the work only an account needs (its code and e-mail)', async () => {
    const { email, auth } = await registerPlayer(t);
    const codes = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from player.password_resets where player_id = ${auth.profile.id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const meta = { ip: '10.9.9.9', country: null, userAgent: 'vitest' };
    // The command itself, over what it needs: the app's database, configuration and messenger.
    const deps = { db: t.database.db, config: t.config, messenger: t.messenger, log: t.app.log };
    // The answer's part does the same for both addresses; the account's part is handed back, not done.
    expect(await requestPasswordReset(deps, uniqueEmail('nobody'), meta)).toBeNull();
    const work = await requestPasswordReset(deps, email, meta);
    expect(work).toBeTypeOf('function');
    expect(await codes()).toBe(0);
    expect(t.messenger.emailsTo(email).filter((m) => /Reset/.test(m.subject))).toHaveLength(0);
    await work!();
    expect(await codes()).toBe(1);
    await expect.poll(() => t.messenger.emailsTo(email).filter((m) => /Reset/.test(m.subject)).length).toBe(1);

    // Through the API the route runs that work once the answer has gone out.
    const res = await t.call('POST', '/api/player/passwords/reset', { body: { email } });
    expect(res.status).toBe(200);
    await expect.poll(codes, { timeout: 5000 }).toBe(2);
    await expect.poll(() => t.messenger.emailsTo(email).filter((m) => /Reset/.test(m.subject)).length).toBe(2);
  });
});
