import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { card, deposit, type Player, paymentTestApp } from '../payment/helpers.ts';
import { type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { rows } from '../wallet/db.ts';

// AML: many accounts on one paying instrument or one device (decision 0114). Deposits ask the payment and
// player modules' faces how many accounts used the invoice's instrument and the player's devices; at 3 the
// depositing player is flagged, once per (player, instrument or device), later deposits counting on that flag.

let t: PlayerTestApp;
beforeAll(async () => {
  t = await paymentTestApp();
});
afterAll(() => t.close());

/** A player on a device of its own unless one is given (the test helpers' players all share `fp-test`). */
async function playerOn(device = `fp-${randomUUID()}`): Promise<Player> {
  const { auth } = await registerPlayer(t, undefined, { fingerprint: device });
  const accounts = (await t.call('GET', '/api/wallet/accounts', { token: auth.accessToken })).json.data as {
    id: string;
    currency: string;
  }[];
  return { token: auth.accessToken, playerId: auth.profile.id, accountId: accounts[0]!.id };
}

const flagsOf = async (p: Player, kind: string) => {
  await t.app.outbox.drain();
  return rows(
    t.database.db,
    sql`select "window", count, evidence from compliance.flags where player_id = ${p.playerId} and kind = ${kind}`,
  );
};

describe(`shared instruments and devices (${databaseKind})`, () => {
  it('a card tried by a third account flags that account; an earlier one at its next deposit', async () => {
    // A card of this test's own: the sandbox declines every number but its three, so these are declines,
    // which count (a card tried on many accounts); the sandbox's success card is every test's.
    const number = `4000${String(Date.now()).slice(-12)}`;
    const [a, b, c] = [await playerOn(), await playerOn(), await playerOn()];
    await deposit(t, a, card(number, 10));
    await deposit(t, b, card(number, 10));
    expect(await flagsOf(a, 'shared_instrument')).toEqual([]);
    expect(await flagsOf(b, 'shared_instrument')).toEqual([]);
    await deposit(t, c, card(number, 10));
    const [flag] = await flagsOf(c, 'shared_instrument');
    expect(flag).toMatchObject({ window: expect.stringMatching(/^card:[0-9a-f]{32}$/), count: 1 });
    expect(flag!.evidence).toMatchObject({ accounts: 3 });
    expect(new Set((flag!.evidence as { others: string[] }).others)).toEqual(new Set([a.playerId, b.playerId]));
    // A's next deposit with it: A is flagged too; C's next one counts on C's flag.
    await deposit(t, a, card(number, 10));
    expect(await flagsOf(a, 'shared_instrument')).toMatchObject([{ window: flag!.window, count: 1 }]);
    await deposit(t, c, card(number, 10));
    expect(await flagsOf(c, 'shared_instrument')).toMatchObject([{ window: flag!.window, count: 2 }]);
    // Nobody shared the device.
    expect(await flagsOf(c, 'shared_device')).toEqual([]);
  });

  it('accounts signing up or signing in on one device: a deposit of the third flags it', async () => {
    const device = `fp-${randomUUID()}`;
    const a = await playerOn(device);
    const b = await playerOn(device);
    // C signed up elsewhere and signs in on the shared device later.
    const c = await playerOn();
    const [row] = await rows(t.database.db, sql`select email from player.players where id = ${c.playerId}`);
    const signIn = await t.call('POST', '/api/player/sessions', {
      body: { login: row!.email, password: 'secret-pass-1', fingerprint: device },
    });
    expect(signIn.status).toBe(200);
    // A successful deposit is what asks (the sandbox's success card: two accounts of this file's use it).
    await deposit(t, a, card('4242424242424242', 10));
    const [flag] = await flagsOf(a, 'shared_device');
    expect(flag).toMatchObject({ window: `device:${device}`, count: 1, evidence: { device, accounts: 3 } });
    expect(new Set((flag!.evidence as { others: string[] }).others)).toEqual(new Set([b.playerId, c.playerId]));
    // A declined deposit does not ask about devices; two accounts on a device are not flagged.
    await deposit(t, b, card('4000000000000002', 10));
    expect(await flagsOf(b, 'shared_device')).toEqual([]);
    const d = await playerOn(`fp-${randomUUID()}`);
    await deposit(t, d, card('4242424242424242', 10));
    expect(await flagsOf(d, 'shared_device')).toEqual([]);
  });
});
