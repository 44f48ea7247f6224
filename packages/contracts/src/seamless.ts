import { z } from 'zod';

/**
 * The seamless-wallet protocol (docs/provider-api.md): what a game provider sends the casino and what it
 * answers, server to server. Amounts are exact major-unit decimal strings (toMinor / toMajorString).
 * The wallet validates requests with these schemas; the studio builds its requests from their types.
 */

/** The built-in game studio's provider id: its seamless X-Provider-Id and its catalogue identity. */
export const STUDIO_PROVIDER_ID = 'croupier-studio';

export const SEAMLESS_PREFIX = '/api/seamless/v1';

/** Every request carries these; the signature is `sha256=<hex HMAC-SHA256(secret, raw body)>`. */
export const seamlessHeaders = { providerId: 'x-provider-id', signature: 'x-signature' } as const;

const id = z.string().min(1).max(128);
/** A request amount: non-negative, at most 15 integer and 18 fractional digits ("10.50"). */
const amount = z.string().regex(/^\d{1,15}(\.\d{1,18})?$/, 'a decimal string like "10.50"');
/** An answered balance: the account currency's every decimal ("10.50", "0.00012000"). */
const balance = z.string().regex(/^-?\d+(\.\d+)?$/);
const currency = z.string().regex(/^[A-Z]{3,5}$/);
const token = z.string().min(1).max(512);

/** `freeSpinId`: a free round of casino-issued free spins (stake 0), docs/provider-api.md and decision 0065. */
export const SeamlessBetAction = z.object({
  transactionId: id,
  roundId: id,
  amount,
  currency,
  gameId: id.optional(),
  freeSpinId: id.optional(),
});
export const SeamlessWinAction = z.object({
  transactionId: id,
  roundId: id,
  betTransactionId: id.optional(),
  amount,
  currency,
  closeRound: z.boolean().optional(),
});
/** Cancels the bet `rollbackTransactionId`; one arriving before its bet blocks that id. */
export const SeamlessRollbackAction = z.object({ transactionId: id, rollbackTransactionId: id, roundId: id });

export const SeamlessBalanceRequest = z.object({ token });
export const SeamlessBetRequest = SeamlessBetAction.extend({ token });
export const SeamlessWinRequest = SeamlessWinAction.extend({ token });
export const SeamlessRollbackRequest = SeamlessRollbackAction.extend({ token });

/** One action of a batch: all of them apply in one transaction, or none. */
export const SeamlessAction = z.discriminatedUnion('action', [
  SeamlessBetAction.extend({ action: z.literal('bet') }),
  SeamlessWinAction.extend({ action: z.literal('win') }),
  SeamlessRollbackAction.extend({ action: z.literal('rollback') }),
]);
export const SeamlessBatchRequest = z.object({ token, actions: z.array(SeamlessAction).min(1).max(100) });

export const SeamlessBalanceOk = z.object({ status: z.literal('OK'), balance, currency });
/** A bet, win or rollback taken (or replayed: the first answer again). No ledger id when nothing moved. */
export const SeamlessOk = SeamlessBalanceOk.extend({
  transactionId: id,
  ledgerTransactionId: z.string().nullable(),
});
export const SeamlessBatchOk = SeamlessBalanceOk.extend({ results: z.array(SeamlessOk) });

export const SeamlessCode = z.enum([
  'INSUFFICIENT_FUNDS',
  'CURRENCY_MISMATCH',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'PLAYER_DISABLED',
  'LIMIT_REACHED',
  'BET_NOT_FOUND',
  'DUPLICATE_CONFLICT',
  'INVALID_SIGNATURE',
  'INVALID_REQUEST',
  'INTERNAL',
  'WALLET_UNAVAILABLE',
]);

/** A refusal: nothing of the request was kept. The balance when an account is known; the failed batch action. */
export const SeamlessErrorAnswer = z.object({
  status: z.literal('ERROR'),
  code: SeamlessCode,
  message: z.string(),
  balance: balance.optional(),
  currency: currency.optional(),
  actionIndex: z.number().int().min(0).optional(),
});

/** HTTP status of a refusal; every other business refusal is 200, so providers read `status` and `code`. */
export const seamlessHttpStatus: Partial<Record<SeamlessCode, number>> = {
  INVALID_SIGNATURE: 401,
  INVALID_REQUEST: 422,
  DUPLICATE_CONFLICT: 409,
  INTERNAL: 500,
  WALLET_UNAVAILABLE: 503,
};

export type SeamlessBalanceRequest = z.infer<typeof SeamlessBalanceRequest>;
export type SeamlessBetRequest = z.infer<typeof SeamlessBetRequest>;
export type SeamlessWinRequest = z.infer<typeof SeamlessWinRequest>;
export type SeamlessRollbackRequest = z.infer<typeof SeamlessRollbackRequest>;
export type SeamlessAction = z.infer<typeof SeamlessAction>;
export type SeamlessBatchRequest = z.infer<typeof SeamlessBatchRequest>;
export type SeamlessBalanceOk = z.infer<typeof SeamlessBalanceOk>;
export type SeamlessOk = z.infer<typeof SeamlessOk>;
export type SeamlessBatchOk = z.infer<typeof SeamlessBatchOk>;
export type SeamlessCode = z.infer<typeof SeamlessCode>;
export type SeamlessErrorAnswer = z.infer<typeof SeamlessErrorAnswer>;
