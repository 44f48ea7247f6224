import {
  type SeamlessCode,
  type SeamlessOkOf,
  type SeamlessOperation,
  type SeamlessRequestOf,
  STUDIO_PROVIDER_ID,
  seamlessEndpoints,
  seamlessHeaders,
} from '@croupier/contracts';
import { seamlessSignature } from '@croupier/contracts/seamless-signature';
import type { FastifyInstance } from 'fastify';

/**
 * The studio's side of the seamless-wallet API (docs/provider-api.md): a signed HTTP client. The studio
 * knows the casino only through it. Requests are typed by the protocol's schemas in contracts; answers are
 * checked against them. A transport sends the exact raw body; in one process it goes through `app.inject`
 * (still the real signed contract), with STUDIO_WALLET_URL through fetch.
 */

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

/** A business refusal (`status: 'ERROR'` below HTTP 500). */
export type SeamlessRefusal = {
  kind: 'refused';
  /** A SeamlessCode, or one a newer casino added. */
  code: SeamlessCode | (string & {});
  message: string;
  httpStatus: number;
  body: Record<string, unknown>;
};

/** The wallet answered: its OK answer for that operation, or a refusal. */
export type SeamlessAnswer<P extends SeamlessOperation = SeamlessOperation> =
  | { kind: 'ok'; body: SeamlessOkOf<P> }
  | SeamlessRefusal;

/** No usable answer: connection error, timeout, 5xx, or a body that is not the contract's JSON. */
export class SeamlessUnavailable extends Error {
  override readonly name = 'SeamlessUnavailable';
}

export interface SeamlessClient {
  /** Replaceable (tests inject a failing one). */
  transport: Transport;
  /** How long one call may take before it counts as unanswered. */
  timeoutMs: number;
  call<P extends SeamlessOperation>(path: P, body: SeamlessRequestOf<P>): Promise<SeamlessAnswer<P>>;
  /** Same, with an already serialised body (retries resend the same bytes). */
  callRaw<P extends SeamlessOperation>(path: P, raw: string): Promise<SeamlessAnswer<P>>;
}

/** Reads an answer: an OK body must match the operation's schema; a refusal only needs its code (codes may grow). */
function readAnswer<P extends SeamlessOperation>(path: P, status: number, json: unknown): SeamlessAnswer<P> {
  const body = (json ?? {}) as Record<string, unknown>;
  if (body.status === 'OK' && status === 200) {
    const ok = seamlessEndpoints[path].ok.safeParse(json);
    if (ok.success) return { kind: 'ok', body: ok.data as SeamlessOkOf<P> };
  }
  if (body.status === 'ERROR' && typeof body.code === 'string') {
    return { kind: 'refused', code: body.code, message: String(body.message ?? body.code), httpStatus: status, body };
  }
  throw new SeamlessUnavailable(`seamless ${path}: HTTP ${status}, unexpected answer`);
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
      let res: { status: number; text: string };
      try {
        res = await client.transport({
          path: seamlessEndpoints[path].path,
          body: raw,
          headers: {
            'content-type': 'application/json',
            [seamlessHeaders.providerId]: providerId,
            [seamlessHeaders.signature]: seamlessSignature(opts.secret, raw),
          },
          timeoutMs: client.timeoutMs,
        });
      } catch (error) {
        throw new SeamlessUnavailable((error as Error).message || 'transport failed');
      }
      if (res.status >= 500) throw new SeamlessUnavailable(`seamless ${path}: HTTP ${res.status}`);
      let json: unknown;
      try {
        json = JSON.parse(res.text);
      } catch {
        throw new SeamlessUnavailable(`seamless ${path}: HTTP ${res.status}, not JSON`);
      }
      return readAnswer(path, res.status, json);
    },
  };
  return client;
}
