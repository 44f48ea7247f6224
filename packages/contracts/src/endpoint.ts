import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API operation, declared once and used three ways: the server validates with it, the OpenAPI
 * document is generated from it, and the typed client calls through it.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path with `:param` segments, always under /api. */
  path: string;
  /** 'guest': no token needed; 'player': bearer token required; 'optional': both. */
  auth: 'guest' | 'player' | 'optional';
  summary: string;
  tags: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** Keeps the literal schema types of each property, so handlers and callers are typed exactly. */
export const defineEndpoint = <const E extends Endpoint>(e: E): E => e;

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ParamsIn<E extends Endpoint> = In<E['params']>;
export type QueryIn<E extends Endpoint> = In<E['query']>;
export type BodyIn<E extends Endpoint> = In<E['body']>;
export type ParamsOut<E extends Endpoint> = Out<E['params']>;
export type QueryOut<E extends Endpoint> = Out<E['query']>;
export type BodyOut<E extends Endpoint> = Out<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
