import type { z } from 'zod';
import type { Permission } from './backoffice/roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API operation, declared once and used three ways: the server validates with it, the OpenAPI
 * document is generated from it, and the typed client calls through it.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path with `:param` segments, always under /api. */
  path: string;
  /**
   * 'guest': no token needed; 'player': a player's bearer token required; 'optional': both; 'staff': a staff
   * member's token or back-office cookie (backoffice-api.md §1), never a player's.
   */
  auth: 'guest' | 'player' | 'optional' | 'staff';
  /** 'staff' endpoints: the permission the caller's role must hold (§3); none means any signed-in staff member. */
  permission?: Permission;
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
