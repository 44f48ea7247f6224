import {
  ApiError,
  type BodyOut,
  type Endpoint,
  ErrorCode,
  issuesToFields,
  type ParamsOut,
  type QueryOut,
} from '@croupier/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { nulAt } from './nul.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every contract endpoint this app serves, in registration order (feeds the OpenAPI document). */
    endpoints: Endpoint[];
  }
}

export interface HandlerInput<E extends Endpoint> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Fastify route config (e.g. rate limits). */
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
}

/** Query strings carry `key[]` for arrays (api-contract §1.1); the schemas name the bare key. */
function normalizeQuery(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const bare = key.endsWith('[]') ? key.slice(0, -2) : key;
    const prior = out[bare];
    const values = Array.isArray(value) ? value : [value];
    out[bare] =
      key.endsWith('[]') || prior !== undefined ? [...(prior === undefined ? [] : [prior].flat()), ...values] : value;
  }
  return out;
}

function refuseNul(params: unknown, query: unknown, body: unknown): void {
  if (nulAt(params, '')) throw ApiError.of(ErrorCode.notFound, 'Not found');
  const field = nulAt(query, '') ?? nulAt(body, '');
  if (field) {
    throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
      [field]: ['This field must not contain a NUL character.'],
    });
  }
}

function parse<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string): z.output<S> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues);
  if (where === 'params') throw ApiError.of(ErrorCode.notFound, 'Not found');
  throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', fields);
}

/**
 * Registers one endpoint of the contract: input validated by its shared zod schemas (422 with
 * per-field messages), the handler's answer checked against the response schema outside production
 * so drift from the contract fails tests instead of clients.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  // A handler that answered itself (a report's CSV stream, decision 0121) returns the reply.
  handler: (input: HandlerInput<E>) => Promise<z.input<E['response']> | FastifyReply> | z.input<E['response']>,
  options: RouteOptions = {},
): void {
  const checkResponse = process.env.NODE_ENV !== 'production';
  app.endpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.config,
    bodyLimit: options.bodyLimit,
    handler: async (request, reply) => {
      refuseNul(request.params, request.query, request.body);
      const params = parse(endpoint.params, request.params, 'params') ?? {};
      const query = parse(endpoint.query, normalizeQuery(request.query), 'query');
      const body = parse(endpoint.body, request.body ?? {}, 'body');
      const result = await handler({ params, query, body, request, reply } as HandlerInput<E>);
      if (result === reply) return reply;
      if (checkResponse) {
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) {
          request.log.error({ issues: checked.error.issues, path: endpoint.path }, 'response breaks the contract');
          throw new Error(`Response of ${endpoint.method} ${endpoint.path} breaks its schema`);
        }
      }
      return result;
    },
  });
}

/**
 * The contract endpoint a route being registered serves (for the authentication hooks' `onRoute`). Fastify adds a
 * HEAD route beside every GET; it runs the GET's handler, so it is that endpoint too and gets the same checks:
 * without this, `HEAD` of a staff list answered 200 with no credential (its handler ran, its length leaked).
 */
export function endpointOfRoute(
  endpoints: readonly Endpoint[],
  route: { url: string; method: string | string[] },
): Endpoint | undefined {
  const methods = [route.method].flat();
  return endpoints.find(
    (e) => e.path === route.url && (methods.includes(e.method) || (e.method === 'GET' && methods.includes('HEAD'))),
  );
}
