import type { z } from 'zod';
import type { BodyIn, Endpoint, ParamsIn, QueryIn, ResponseOf } from './endpoint.ts';
import { type BackofficeEndpoints, backofficeEndpoints } from './endpoints/backoffice.ts';
import { type Endpoints, endpoints } from './endpoints/index.ts';
import { ApiError, ErrorCode } from './errors.ts';

type Scalar = string | number | boolean;
export type QueryValue = Scalar | Scalar[] | undefined | null;

/** Bracket-style query encoding (api-contract §1.1): arrays as key[]=a&key[]=b, undefined left out. */
export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeURIComponent(`${key}[]`)}=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export function fillPath(path: string, params: object | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export interface CallInput {
  params?: Record<string, string | number> | object;
  query?: Record<string, QueryValue> | object;
  body?: unknown;
  /** Overrides the client's token for one call (e.g. refresh with the expired token). */
  token?: string | null;
  signal?: AbortSignal;
}

type InputOf<E extends Endpoint> = {
  params?: ParamsIn<E>;
  query?: QueryIn<E>;
  body?: BodyIn<E>;
  token?: string | null;
  signal?: AbortSignal;
};

export interface ApiClientOptions {
  /** Empty for the browser (same origin); an absolute origin for server-side calls. */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Extra headers for every call (SSR forwards the visitor's geo headers). */
  headers?: Record<string, string>;
  /** 'omit' (default): bearer tokens only. The back office's browser client sends its cookie ('same-origin'). */
  credentials?: RequestCredentials;
}

/** A client over one endpoint table: a typed function per operation, and `call` for any endpoint. */
export type ClientOf<T> = {
  [G in keyof T]: {
    [K in keyof T[G]]: T[G][K] extends Endpoint ? (input?: InputOf<T[G][K]>) => Promise<ResponseOf<T[G][K]>> : never;
  };
} & { call: <E extends Endpoint>(endpoint: E, input?: CallInput) => Promise<z.output<E['response']>> };

export type ApiClient = ClientOf<Endpoints>;
/** The back office's client (backoffice-api.md): the operator API's table, the web app's cookie sent along. */
export type BackofficeClient = ClientOf<BackofficeEndpoints>;

/** What a call needs of an endpoint: method, path and auth, without its schemas. */
export type RouteInfo = Pick<Endpoint, 'method' | 'path' | 'auth'>;
export type RouteTable = { readonly [group: string]: { readonly [operation: string]: RouteInfo } };

/** The schema-free copy of an endpoint table (the browser's client is built from it, without zod). */
export function routeTableOf(table: {
  readonly [group: string]: { readonly [operation: string]: Endpoint };
}): RouteTable {
  const routes: Record<string, Record<string, RouteInfo>> = {};
  for (const [group, operations] of Object.entries(table)) {
    routes[group] = {};
    for (const [name, { method, path, auth }] of Object.entries(operations))
      routes[group][name] = { method, path, auth };
  }
  return routes;
}

/**
 * The one typed client for SSR loaders and the browser. Bearer token only, no cookies, no retries
 * (api-contract §1.1–1.2). A non-2xx answer becomes an ApiError carrying the envelope.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  return createRouteClient(endpoints, options);
}

/** The operator API's client (SSR of the back office, tests and operators' own tools). */
export function createBackofficeClient(options: ApiClientOptions = {}): BackofficeClient {
  return createRouteClient<BackofficeEndpoints>(backofficeEndpoints, options);
}

/**
 * The same client over a route table: `routes` must hold every operation of `endpoints` (the browser
 * passes `routeTableOf(endpoints)`, computed at build time, so its first load carries no schema).
 * Answers are not parsed, only typed: the server validates what it sends.
 */
export function createRouteClient(routes: RouteTable, options?: ApiClientOptions): ApiClient;
export function createRouteClient<T>(routes: RouteTable, options?: ApiClientOptions): ClientOf<T>;
export function createRouteClient(routes: RouteTable, options: ApiClientOptions = {}): ClientOf<unknown> {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? '';

  async function request(endpoint: RouteInfo, input: CallInput = {}): Promise<unknown> {
    const token = input.token !== undefined ? input.token : await options.getToken?.();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (token && endpoint.auth !== 'guest') headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) body = input.body;
    else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const url = `${baseUrl}${fillPath(endpoint.path, input.params)}${encodeQuery(input.query as Record<string, QueryValue> | undefined)}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: endpoint.method,
        headers,
        body,
        credentials: options.credentials ?? 'omit',
        signal: input.signal,
      });
    } catch (cause) {
      if ((cause as Error)?.name === 'AbortError') throw cause;
      throw new ApiError(0, ErrorCode.internal, 'Network error', {});
    }
    const text = await response.text();
    const json: unknown = text ? safeJson(text) : undefined;
    if (!response.ok) {
      const error = (json as { error?: { code?: number; message?: string; fields?: Record<string, string[]> } })?.error;
      throw new ApiError(
        response.status,
        error?.code ?? ErrorCode.internal,
        error?.message ?? response.statusText,
        error?.fields ?? {},
      );
    }
    return json;
  }
  const call = <E extends Endpoint>(endpoint: E, input?: CallInput) =>
    request(endpoint, input) as Promise<z.output<E['response']>>;

  // SSR makes a client per page request and uses a few groups of it: each group's functions are made on
  // first use, not ~150 closures up front (issue 15, SSR CPU).
  const client = { call } as ClientOf<unknown>;
  for (const [group, operations] of Object.entries(routes)) {
    let bound: Record<string, (input?: CallInput) => Promise<unknown>> | undefined;
    Object.defineProperty(client, group, {
      enumerable: true,
      get() {
        if (bound) return bound;
        bound = {};
        for (const [name, route] of Object.entries(operations)) bound[name] = (input) => request(route, input);
        return bound;
      },
    });
  }
  return client;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
