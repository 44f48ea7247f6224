import type { FastifyInstance, LightMyRequestResponse as InjectedAnswer } from 'fastify';

/**
 * A `fetch` that answers through Fastify's request injection: SSR loaders call the public API with
 * its full routing, validation and hooks, without a socket round trip. Same client, same paths.
 *
 * It answers with a small object, not a WHATWG `Response` (decision 0082): the typed client reads `ok`,
 * `status`, `statusText` and `text()`, and building undici's `Response`, `Headers` and body stream for
 * each of a page's API calls cost more than the calls' own routing.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      app.inject(
        {
          method: (init?.method ?? 'GET') as 'GET',
          // light-my-request parses this with WHATWG URL against its own origin, as the old code did.
          url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
          headers: plainHeaders(init?.headers),
          payload: typeof init?.body === 'string' ? init.body : undefined,
          // The options are ours and fixed; its schema check is per call otherwise.
          validate: false,
        },
        (error, answer) => {
          if (error || !answer) reject(error ?? new Error('no answer from injection'));
          else resolve(new InjectedResponse(answer) as unknown as Response);
        },
      );
    })) as typeof fetch;
}

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

  constructor(answer: InjectedAnswer) {
    this.status = answer.statusCode;
    this.statusText = answer.statusMessage ?? '';
    this.ok = answer.statusCode >= 200 && answer.statusCode < 300;
    this.#body = answer.statusCode === 204 || answer.statusCode === 304 ? '' : answer.payload;
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
