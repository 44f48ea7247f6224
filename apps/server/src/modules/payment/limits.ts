import { ApiError, ErrorCode } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';

/** Thrown by a deposit-limit listener: answered as error 13100 with HTTP 422 (never 401/403). */
export class DepositLimitError extends Error {
  constructor(message = 'A deposit limit is reached.') {
    super(message);
    this.name = 'DepositLimitError';
  }
}

export interface BeforeDeposit {
  playerId: string;
  currency: string;
  /** Minor units; absent when only the methods are listed. */
  amount?: bigint;
  /**
   * The invoice's transaction, when the check runs inside it (right before the insert): a limit check reads
   * and locks through it, so the check and the insert commit together. Absent for the early checks.
   */
  tx?: Db;
}

/** Runs before listing deposit methods and before a deposit; throws DepositLimitError to refuse. */
export type BeforeDepositCheck = (event: BeforeDeposit) => void | Promise<void>;

/** Runs the checks in order; the first refusal becomes the API's deposit-limit error. */
export async function checkDepositLimits(checks: readonly BeforeDepositCheck[], event: BeforeDeposit): Promise<void> {
  try {
    for (const check of checks) await check(event);
  } catch (error) {
    if (error instanceof DepositLimitError) {
      throw ApiError.of(ErrorCode.depositLimitReached, error.message, {}, 422);
    }
    throw error;
  }
}
