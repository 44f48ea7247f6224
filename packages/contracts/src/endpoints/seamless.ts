import type { z } from 'zod';
import {
  SEAMLESS_PREFIX,
  SeamlessBalanceOk,
  SeamlessBalanceRequest,
  SeamlessBatchOk,
  SeamlessBatchRequest,
  SeamlessBetRequest,
  SeamlessOk,
  SeamlessRollbackRequest,
  SeamlessWinRequest,
} from '../seamless.ts';

/**
 * One operation of the seamless-wallet API. A sibling of `Endpoint`, not an entry of `endpoints`: the
 * caller is a provider's server, authenticated by an HMAC of the raw body rather than a bearer token, and
 * every answer is the protocol's own `{status: 'OK' | 'ERROR'}` envelope (usually HTTP 200), not the
 * player API's data/error envelopes. So the player client, the OpenAPI document and `route()` stay out of it.
 */
export interface SeamlessEndpoint {
  method: 'POST';
  /** Full path, SEAMLESS_PREFIX included. */
  path: string;
  summary: string;
  request: z.ZodType;
  /** The OK answer; any operation may answer SeamlessErrorAnswer instead. */
  ok: z.ZodType;
}

const defineSeamless = <const E extends SeamlessEndpoint>(e: E): E => e;

export const seamlessEndpoints = {
  balance: defineSeamless({
    method: 'POST',
    path: `${SEAMLESS_PREFIX}/balance`,
    summary: "The launch token's account balance.",
    request: SeamlessBalanceRequest,
    ok: SeamlessBalanceOk,
  }),
  bet: defineSeamless({
    method: 'POST',
    path: `${SEAMLESS_PREFIX}/bet`,
    summary: 'Debits a stake, opening the round on first use.',
    request: SeamlessBetRequest,
    ok: SeamlessOk,
  }),
  win: defineSeamless({
    method: 'POST',
    path: `${SEAMLESS_PREFIX}/win`,
    summary: "Credits a round's payout (0 for a loss); closeRound settles the round.",
    request: SeamlessWinRequest,
    ok: SeamlessOk,
  }),
  rollback: defineSeamless({
    method: 'POST',
    path: `${SEAMLESS_PREFIX}/rollback`,
    summary: 'Cancels one bet (refunds its stake); before its bet, blocks that transaction id.',
    request: SeamlessRollbackRequest,
    ok: SeamlessOk,
  }),
  batch: defineSeamless({
    method: 'POST',
    path: `${SEAMLESS_PREFIX}/batch`,
    summary: 'Several actions in one transaction: all of them or none.',
    request: SeamlessBatchRequest,
    ok: SeamlessBatchOk,
  }),
};
export type SeamlessEndpoints = typeof seamlessEndpoints;
export type SeamlessOperation = keyof SeamlessEndpoints;
/** What a provider sends to an operation (the schema's input). */
export type SeamlessRequestOf<P extends SeamlessOperation> = z.input<SeamlessEndpoints[P]['request']>;
/** The OK answer of an operation. */
export type SeamlessOkOf<P extends SeamlessOperation> = z.output<SeamlessEndpoints[P]['ok']>;
