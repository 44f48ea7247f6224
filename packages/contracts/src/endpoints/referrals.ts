import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';
import { ReferralSettings, ReferralsPage, ReferralsQuery } from '../referrals.ts';

const tags = ['referrals'];

/** The referral programme (api-contract §4, decision 0067). */
export const referralEndpoints = {
  referrals: defineEndpoint({
    method: 'GET',
    path: '/api/player/profile/referrals',
    auth: 'player',
    summary: "The players this player invited, newest first, with each one's qualification.",
    tags,
    query: ReferralsQuery,
    response: ReferralsPage,
  }),
  referralSettings: defineEndpoint({
    method: 'GET',
    path: '/api/player/referral-settings',
    auth: 'player',
    summary: 'Whether the programme is on, how many referees a player may bring, and the reward bonus (if any).',
    tags,
    response: dataOf(ReferralSettings),
  }),
};
