import type { FastifyInstance } from 'fastify';
import { callInProcess, type InProcessAnswer } from './in-process-call.ts';

/**
 * A `fetch` that answers in-process: SSR loaders call the public API with its full routing, validation
 * and hooks, without a socket round trip. Same client, same paths, same answers as over HTTP.
 *
 * Decision 0082: body-less calls (all of a page's reads) go straight into Fastify's routing
 * (`callInProcess`); calls with a body through `app.inject`. The answer is a small object, not a WHATWG
 * `Response`: the typed client reads `ok`, `status`, `statusText` and `text()`, and undici's `Response`,
 * `Headers` and body stream for each call cost more than the route's own work.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  // Called for pages the app serves, so after `ready` (`app.routing` routes only then; `app.inject` waits).
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    // Parsed as light-my-request (and so every in-process call before) parsed it: WHATWG URL, as fetch does.
    const parsed = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, BASE);
    const url = parsed.pathname + parsed.search;
    const headers = plainHeaders(init?.headers);
    if ((method === 'GET' || method === 'HEAD') && init?.body == null) {
      return new InjectedResponse(await callInProcess(app, method, url, headers)) as unknown as Response;
    }
    const answer = await app.inject({
      method: method as 'POST',
      url,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
      // The options are ours and fixed; its schema check is per call otherwise.
      validate: false,
    });
    return new InjectedResponse({ ...answer, body: answer.payload }) as unknown as Response;
  }) as typeof fetch;
}

const BASE = 'http://localhost';

/** The client passes a plain object of lower-case names; anything else goes through `Headers`. */
function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (!(headers instanceof Headers) && !Array.isArray(headers)) return headers as Record<string, string>;
  const plain: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    plain[key] = value;
  });
  return plain;
}

/**
 * The part of `Response` a client of the API reads, with what HTTP would give: the status line's reason
 * phrase, header values as fetch joins them, the body as UTF-8 text (none for 204 and 304).
 */
export class InjectedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  readonly #body: string;

  constructor(answer: InProcessAnswer) {
    this.status = answer.statusCode;
    this.statusText = answer.statusMessage ?? '';
    this.ok = answer.statusCode >= 200 && answer.statusCode < 300;
    this.#body = answer.statusCode === 204 || answer.statusCode === 304 ? '' : answer.body;
    const raw = answer.headers;
    this.headers = {
      get(name) {
        const value = raw[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : String(value);
      },
      has: (name) => raw[name.toLowerCase()] !== undefined,
    };
  }

  async text(): Promise<string> {
    return this.#body;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.#body);
  }
}
