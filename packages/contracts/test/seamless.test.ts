import { describe, expect, it } from 'vitest';
import {
  SEAMLESS_PREFIX,
  SeamlessAction,
  SeamlessBatchOk,
  SeamlessBatchRequest,
  SeamlessBetRequest,
  SeamlessErrorAnswer,
  SeamlessOk,
  type SeamlessRequestOf,
  SeamlessWinRequest,
  seamlessEndpoints,
} from '../src/index.ts';
import { isSeamlessSignature, seamlessSignature } from '../src/seamless-signature.ts';

const bet: SeamlessRequestOf<'bet'> = {
  token: 't',
  transactionId: 'r1:b0',
  roundId: 'r1',
  amount: '10.50',
  currency: 'EUR',
  gameId: 'dice',
};

describe('seamless protocol schemas', () => {
  it('puts every operation under the prefix, each with a request and an OK answer', () => {
    for (const [name, e] of Object.entries(seamlessEndpoints)) {
      expect(e.path).toBe(`${SEAMLESS_PREFIX}/${name}`);
      expect(e.method).toBe('POST');
    }
  });

  it('accepts decimal-string amounts only', () => {
    expect(SeamlessBetRequest.parse(bet)).toEqual(bet);
    for (const amount of ['10', '0.00000001', '999999999999999.5']) {
      expect(SeamlessBetRequest.safeParse({ ...bet, amount }).success).toBe(true);
    }
    for (const amount of ['-1.00', '1e3', '1.', '.5', ' 1', '1,5', '1234567890123456', 10.5]) {
      expect(SeamlessBetRequest.safeParse({ ...bet, amount }).success, String(amount)).toBe(false);
    }
  });

  it('refuses what a provider must not leave out or stretch', () => {
    const { token: _, ...noToken } = bet;
    expect(SeamlessBetRequest.safeParse(noToken).success).toBe(false);
    expect(SeamlessBetRequest.safeParse({ ...bet, transactionId: 'x'.repeat(129) }).success).toBe(false);
    expect(SeamlessBetRequest.safeParse({ ...bet, currency: 'eur' }).success).toBe(false);
    expect(SeamlessWinRequest.safeParse({ ...bet, closeRound: 'yes' }).success).toBe(false);
  });

  it('batches 1 to 100 actions, told apart by `action`', () => {
    const { token, ...action } = bet;
    const one = { action: 'bet' as const, ...action };
    expect(SeamlessAction.parse(one)).toEqual(one);
    expect(SeamlessAction.safeParse({ ...one, action: 'refund' }).success).toBe(false);
    expect(SeamlessBatchRequest.safeParse({ token, actions: [] }).success).toBe(false);
    expect(SeamlessBatchRequest.safeParse({ token, actions: Array(100).fill(one) }).success).toBe(true);
    expect(SeamlessBatchRequest.safeParse({ token, actions: Array(101).fill(one) }).success).toBe(false);
  });

  it('describes the OK and ERROR answers', () => {
    const ok = { status: 'OK', balance: '89.50', currency: 'EUR', transactionId: 'r1:b0', ledgerTransactionId: null };
    expect(SeamlessOk.parse(ok)).toEqual(ok);
    expect(
      SeamlessBatchOk.parse({ status: 'OK', balance: '89.50', currency: 'EUR', results: [ok] }).results,
    ).toHaveLength(1);
    expect(SeamlessOk.safeParse({ ...ok, status: 'ERROR' }).success).toBe(false);
    const refused = { status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'no', balance: '0.00', currency: 'EUR' };
    expect(SeamlessErrorAnswer.parse(refused)).toEqual(refused);
    expect(
      SeamlessErrorAnswer.parse({ status: 'ERROR', code: 'BET_NOT_FOUND', message: 'm', actionIndex: 2 }).actionIndex,
    ).toBe(2);
    expect(SeamlessErrorAnswer.safeParse({ ...refused, code: 'NOPE' }).success).toBe(false);
  });
});

describe('seamless signature', () => {
  it('matches the docs/provider-api.md test vector and checks in constant time', () => {
    const raw = '{"token":"3q2-example-launch-token"}';
    const secret = 'acme-docs-secret-0123456789';
    expect(seamlessSignature(secret, raw)).toBe(
      'sha256=62d12831ec4a0214a55a0363e2e687b523286ea8cddbb430ff684433af963572',
    );
    expect(isSeamlessSignature(secret, Buffer.from(raw), seamlessSignature(secret, raw))).toBe(true);
    expect(isSeamlessSignature(secret, `${raw} `, seamlessSignature(secret, raw))).toBe(false);
    expect(isSeamlessSignature(secret, raw, 'sha256=00')).toBe(false);
    expect(isSeamlessSignature(secret, raw, undefined)).toBe(false);
  });
});
