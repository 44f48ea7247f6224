import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataOf } from './envelope.ts';

// The turn-over wager (api-contract §12): deposits are wagered ×N before they can be withdrawn
// (an anti-money-laundering rule, docs/decisions/0066). Amounts in major units, as everywhere in the contract.

export const TurnOverWagerQuery = z.object({ currency: z.string().regex(/^[A-Z0-9]{2,10}$/, 'a currency code') });
export type TurnOverWagerQuery = z.infer<typeof TurnOverWagerQuery>;

export const TurnOverWager = z.object({
  /** The turnover required by the deposits still being wagered. */
  total: z.number(),
  /** The multiplier N (operator setting). */
  turnOverWager: z.number(),
  /** What is still to wager; above 0 the withdrawal is refused and the wallet shows the turnover block. */
  turnOverWagerAmount: z.number(),
  currency: z.string(),
});
export type TurnOverWager = z.infer<typeof TurnOverWager>;

/** GET /api/risk/reasons/turn-over-wager (api-contract §12), owned by the risk module. */
export const turnOverEndpoints = {
  turnOverWager: defineEndpoint({
    method: 'GET',
    path: '/api/risk/reasons/turn-over-wager',
    auth: 'player',
    summary:
      'How much of the deposits is still to wager before a withdrawal (turnover ×N, an anti-money-laundering rule).',
    tags: ['risk'],
    query: TurnOverWagerQuery,
    response: dataOf(TurnOverWager),
  }),
};
