import { ErrorCode } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycRequiredMessage, reachedKycThreshold } from '../../src/modules/kyc/index.ts';
import type { RatesSource, RatesTable } from '../../src/modules/settings/index.ts';
import { seededTable } from '../../src/modules/settings/index.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, paymentPlayer, paymentTestApp, turnOverOff, withdraw } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// The KYC threshold's withdrawal block (decision 0113): with the setting on, a player whose cumulative deposits
// or withdrawals reached the threshold in EUR may not withdraw until the verification is approved.

let t: PlayerTestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await paymentTestApp();
  await turnOverOff(t);
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const staffCall = (method: 'POST' | 'PUT', url: string, body: unknown) => staffRequest(t, owner, method, url, body);

const setBlock = async (blockWithdrawalsAtThreshold: boolean, thresholdEur = 2000) => {
  const res = await staffCall('PUT', '/api/backoffice/settings/kyc', {
    provider: 'sandbox',
    confirmProviderResults: false,
    thresholdEur,
    blockWithdrawalsAtThreshold,
    reason: 'Threshold test.',
  });
  expect(res.status).toBe(200);
};

const funded = async (amount: number | string) => {
  const p = await paymentPlayer(t);
  expect((await deposit(t, p, card('4242424242424242', amount))).status).toBe(200);
  return p;
};

describe(`withdrawals at the KYC threshold (${databaseKind})`, () => {
  it('refuses at 2,000 EUR of deposits without an approved verification, only while the setting is on', async () => {
    const at = await funded(2000);
    const below = await funded('1999.99');

    // Off (the default): the threshold only flags.
    const first = await withdraw(t, at, 20);
    expect(first.status, JSON.stringify(first.json)).toBe(200);

    await setBlock(true);
    const refused = await withdraw(t, at, 20);
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({
      code: ErrorCode.validation,
      message: kycRequiredMessage,
      fields: { amount: [kycRequiredMessage] },
    });
    expect((await withdraw(t, below, 20)).status).toBe(200);

    // Verified: withdrawals go on.
    const approved = await staffCall('POST', `/api/backoffice/kyc/verifications/${at.playerId}/approve`, {
      reason: 'Documents checked.',
    });
    expect(approved.status).toBe(200);
    expect((await withdraw(t, at, 20)).status).toBe(200);

    // A lower threshold catches the other player too; switched off, nobody is held.
    await setBlock(true, 1000);
    expect((await withdraw(t, below, 20)).status).toBe(422);
    await setBlock(false);
    expect((await withdraw(t, below, 20)).status).toBe(200);
  });

  it('counts the withdrawal being asked for as if paid: the one that crosses the threshold is held too', async () => {
    const p = await funded(150);
    const rates = { current: () => seededTable } as unknown as RatesSource;
    const db = t.database.db;
    expect(await reachedKycThreshold(db, rates, p.playerId, 1000, { currency: 'EUR', amount: 99_999n })).toBe(false);
    expect(await reachedKycThreshold(db, rates, p.playerId, 1000, { currency: 'EUR', amount: 100_000n })).toBe(true);
    // Through the request: 150 deposited and 100 asked stay under a 1,000 threshold, so the block lets it go.
    await setBlock(true, 1000);
    expect((await withdraw(t, p, 100)).status).toBe(200);
    await setBlock(false);
  });

  it('counts every currency in EUR and fails closed without a rate', async () => {
    const p = await funded(150);
    const rates = (table: RatesTable) => ({ current: () => table }) as unknown as RatesSource;
    expect(await reachedKycThreshold(t.database.db, rates(seededTable), p.playerId, 2000)).toBe(false);
    expect(await reachedKycThreshold(t.database.db, rates(seededTable), p.playerId, 150)).toBe(true);
    expect(await reachedKycThreshold(t.database.db, rates(seededTable), p.playerId, 150.01)).toBe(false);
    const usd = await paymentPlayer(t, 'USD');
    expect((await deposit(t, usd, { ...card('4242424242424242', 20), currency: 'USD' })).status).toBe(200);
    expect(await reachedKycThreshold(t.database.db, rates(seededTable), usd.playerId, 2000)).toBe(false);
    const noUsd: RatesTable = {
      base: 'EUR',
      rates: new Map([...seededTable.rates].filter(([code]) => code !== 'USD')),
    };
    expect(await reachedKycThreshold(t.database.db, rates(noUsd), usd.playerId, 2000)).toBe(true);
    // A player who never paid anything is below any positive threshold.
    expect(await reachedKycThreshold(t.database.db, rates(noUsd), (await paymentPlayer(t)).playerId, 1)).toBe(false);
  });
});
