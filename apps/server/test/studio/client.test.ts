import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createSeamlessClient,
  injectTransport,
  SeamlessUnavailable,
  type Transport,
} from '../../src/modules/studio/seamless-client.ts';

describe('studio seamless client', () => {
  it('signs the exact raw body as docs/provider-api.md says (test vector)', async () => {
    let seen: Parameters<Transport>[0] | undefined;
    const client = createSeamlessClient({
      secret: 'acme-docs-secret-0123456789',
      providerId: 'acme',
      transport: async (req) => {
        seen = req;
        return { status: 200, text: '{"status":"OK","balance":"1.00","currency":"EUR"}' };
      },
    });
    const answer = await client.callRaw('balance', '{"token":"3q2-example-launch-token"}');
    expect(answer).toMatchObject({ kind: 'ok', body: { balance: '1.00' } });
    expect(seen?.path).toBe('/api/seamless/v1/balance');
    expect(seen?.headers).toMatchObject({
      'x-provider-id': 'acme',
      'x-signature': 'sha256=62d12831ec4a0214a55a0363e2e687b523286ea8cddbb430ff684433af963572',
      'content-type': 'application/json',
    });
  });

  it('tells refusals from unanswered calls (5xx, not JSON, thrown, timed out)', async () => {
    const answer =
      (status: number, text: string): Transport =>
      async () => ({ status, text });
    const client = createSeamlessClient({ secret: 'x'.repeat(16), transport: answer(200, '') });
    const bet = { token: 't', transactionId: 'r:b0', roundId: 'r', amount: '1.00', currency: 'EUR' };
    client.transport = answer(200, '{"status":"ERROR","code":"INSUFFICIENT_FUNDS","message":"no","balance":"0.00"}');
    expect(await client.call('bet', bet)).toMatchObject({ kind: 'refused', code: 'INSUFFICIENT_FUNDS' });
    client.transport = answer(409, '{"status":"ERROR","code":"DUPLICATE_CONFLICT","message":"dup"}');
    expect(await client.call('bet', bet)).toMatchObject({
      kind: 'refused',
      code: 'DUPLICATE_CONFLICT',
      httpStatus: 409,
    });
    for (const t of [
      answer(500, '{"status":"ERROR","code":"INTERNAL"}'),
      answer(502, 'Bad gateway'),
      answer(200, '<html>'),
      // An OK answer that is not the operation's contract is no answer either.
      answer(200, '{"status":"OK","balance":"1.00"}'),
    ]) {
      client.transport = t;
      await expect(client.call('bet', bet)).rejects.toBeInstanceOf(SeamlessUnavailable);
    }
    client.transport = async () => {
      throw new Error('ECONNREFUSED');
    };
    await expect(client.call('bet', bet)).rejects.toBeInstanceOf(SeamlessUnavailable);
    // The in-process transport gives up after the timeout even when the app never answers.
    const hanging = { inject: () => new Promise(() => {}) } as unknown as FastifyInstance;
    client.transport = injectTransport(hanging);
    client.timeoutMs = 50;
    const started = Date.now();
    await expect(client.call('bet', bet)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
