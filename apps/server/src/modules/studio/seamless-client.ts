import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The studio's side of the seamless-wallet API (docs/provider-api.md): a signed HTTP client. The studio
 * knows the casino only through it. A transport sends the exact raw body; in one process it goes through
 * `app.inject` (still the real signed contract), with STUDIO_WALLET_URL through fetch.
 */
export const STUDIO_PROVIDER_ID = 'croupier-studio';
const PREFIX = '/api/seamless/v1';

export type SeamlessPath = 'balance' | 'bet' | 'win' | 'rollback' | 'batch';

/** Sends a signed request; resolves with the HTTP status and body text, rejects on transport failure. */
export type Transport = (request: {
  path: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}) => Promise<{ status: number; text: string }>;

export function injectTransport(app: FastifyInstance): Transport {
  return async ({ path, body, headers, timeoutMs }) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`seamless ${path}: timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const res = await Promise.race([app.inject({ method: 'POST', url: path, payload: body, headers }), timeout]);
      return { status: res.statusCode, text: res.body };
    } finally {
      clearTimeout(timer);
    }
  };
}

export function fetchTransport(origin: string): Transport {
  const base = origin.replace(/\/$/, '');
  return async ({ path, body, headers, timeoutMs }) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      body,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, text: await res.text() };
  };
}

/** The wallet answered (HTTP 200 OK, or a business refusal). */
export type SeamlessAnswer =
  | { kind: 'ok'; body: Record<string, unknown> & { balance: string; currency: string } }
  | { kind: 'refused'; code: string; message: string; httpStatus: number; body: Record<string, unknown> };

/** No usable answer: connection error, timeout, 5xx, or a body that is not the contract's JSON. */
export class SeamlessUnavailable extends Error {
  override readonly name = 'SeamlessUnavailable';
}

export interface SeamlessClient {
  /** Replaceable (tests inject a failing one). */
  transport: Transport;
  /** How long one call may take before it counts as unanswered. */
  timeoutMs: number;
  call(path: SeamlessPath, body: Record<string, unknown>): Promise<SeamlessAnswer>;
  /** Same, with an already serialised body (retries resend the same bytes). */
  callRaw(path: SeamlessPath, raw: string): Promise<SeamlessAnswer>;
}

export function createSeamlessClient(opts: {
  secret: string;
  transport: Transport;
  timeoutMs?: number;
  providerId?: string;
}): SeamlessClient {
  const providerId = opts.providerId ?? STUDIO_PROVIDER_ID;
  const client: SeamlessClient = {
    transport: opts.transport,
    timeoutMs: opts.timeoutMs ?? 5000,
    call: (path, body) => client.callRaw(path, JSON.stringify(body)),
    async callRaw(path, raw) {
      const signature = `sha256=${createHmac('sha256', opts.secret).update(raw).digest('hex')}`;
      let res: { status: number; text: string };
      try {
        res = await client.transport({
          path: `${PREFIX}/${path}`,
          body: raw,
          headers: { 'content-type': 'application/json', 'x-provider-id': providerId, 'x-signature': signature },
          timeoutMs: client.timeoutMs,
        });
      } catch (error) {
        throw new SeamlessUnavailable((error as Error).message || 'transport failed');
      }
      if (res.status >= 500) throw new SeamlessUnavailable(`seamless ${path}: HTTP ${res.status}`);
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(res.text) as Record<string, unknown>;
      } catch {
        throw new SeamlessUnavailable(`seamless ${path}: HTTP ${res.status}, not JSON`);
      }
      if (json?.status === 'OK' && res.status === 200) {
        return { kind: 'ok', body: json as SeamlessAnswer & { balance: string; currency: string } } as SeamlessAnswer;
      }
      if (json?.status === 'ERROR' && typeof json.code === 'string') {
        return {
          kind: 'refused',
          code: json.code,
          message: String(json.message ?? json.code),
          httpStatus: res.status,
          body: json,
        };
      }
      throw new SeamlessUnavailable(`seamless ${path}: HTTP ${res.status}, unexpected answer`);
    },
  };
  return client;
}
