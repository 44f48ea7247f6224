import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';
import { LoyaltyAccount, LoyaltyLevel, LoyaltyLevelsQuery } from '../retention-loyalty.ts';

const tags = ['retention'];

/** Loyalty (api-contract §11.1), when LOYALTY_ENABLED. */
export const retentionLoyaltyEndpoints = {
  loyaltyAccount: defineEndpoint({
    method: 'GET',
    path: '/api/retention/account',
    auth: 'player',
    summary: "The player's loyalty account: points, current and next level (0 points at the first level at first).",
    tags,
    response: dataOf(LoyaltyAccount),
  }),
  loyaltyLevels: defineEndpoint({
    method: 'GET',
    path: '/api/retention/levels',
    auth: 'guest',
    summary: 'The loyalty levels with their point thresholds.',
    tags,
    query: LoyaltyLevelsQuery,
    response: pageOf(LoyaltyLevel),
  }),
};
