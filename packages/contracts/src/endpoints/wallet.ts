import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';
import { Account, CreateAccountRequest, DevCreditRequest } from '../wallet.ts';

const tags = ['wallet'];
const accountId = z.object({ accountId: z.string().uuid() });
const accountList = dataOf(z.array(Account));

export const walletEndpoints = {
  accounts: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/accounts',
    auth: 'player',
    summary: "The player's visible accounts, one per currency; exactly one has status 1 (active).",
    tags,
    response: accountList,
  }),
  createAccount: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/accounts',
    auth: 'player',
    summary: 'Opens an account in an enabled currency (or shows a hidden one again); answers the full list.',
    tags,
    body: CreateAccountRequest,
    response: accountList,
  }),
  switchAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/wallet/accounts/:accountId/switch',
    auth: 'player',
    summary: 'Makes this account the only active one; answers the full list.',
    tags,
    params: accountId,
    response: accountList,
  }),
  hideAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/wallet/accounts/:accountId/hide',
    auth: 'player',
    summary: 'Hides an inactive account from the list (the active one cannot be hidden); answers the full list.',
    tags,
    params: accountId,
    response: accountList,
  }),
  devCredit: defineEndpoint({
    method: 'POST',
    path: '/api/dev/wallet/credit',
    auth: 'guest',
    summary: 'Development only (with DEV_MAILBOX): credits a player account from the house cash account.',
    tags: ['development'],
    body: DevCreditRequest,
    response: dataOf(Account),
  }),
};
