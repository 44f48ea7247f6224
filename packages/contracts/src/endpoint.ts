import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API operation, declared once and used three ways: the server validates with it, the OpenAPI
 * document is generated from it, and the typed client calls through it.
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path with `:param` segments, always under /api. */
  path: string;
  /** 'guest': no token needed; 'player': bearer token required; 'optional': both. */
  auth: 'guest' | 'player' | 'optional';
  summary: string;
  tags: string[];
  params?: z.ZodType;
  query?: Q;
  body?: B;
  response: R;
}

export const defineEndpoint = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  e: Endpoint<Q, B, R>,
) => e;

export type QueryOf<E> = E extends Endpoint<infer Q, infer _B, infer _R> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type BodyOf<E> = E extends Endpoint<infer _Q, infer B, infer _R> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type ResponseOf<E> = E extends Endpoint<infer _Q, infer _B, infer R> ? z.output<R> : never;
