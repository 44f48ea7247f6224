import { ApiError, ErrorCode } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { blocksOf } from '../player/index.ts';

// A staff block of deposits or withdrawals (backoffice-api.md §4, decision 0106) refuses new invoices: a
// business 422 (never 401/403 on the player API), its message under the amount, where both payment forms
// show a refusal's `fields` (api-contract §8).

const messages = {
  deposit: 'Deposits are blocked on this account. Please contact support.',
  withdrawal: 'Withdrawals are blocked on this account. Please contact support.',
};

/**
 * Refuses when the player's `scope` is blocked. Inside the invoice's transaction pass `lock`: the player's
 * row is read FOR KEY SHARE, so a block and an invoice never commit side by side.
 */
export async function refuseBlocked(
  db: Db,
  playerId: string,
  scope: 'deposit' | 'withdrawal',
  options: { lock?: boolean } = {},
): Promise<void> {
  const blocks = await blocksOf(db, playerId, options);
  if (blocks?.[scope]) {
    throw ApiError.of(ErrorCode.validation, messages[scope], { amount: [messages[scope]] }, 422);
  }
}
