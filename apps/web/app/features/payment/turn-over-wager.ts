/**
 * The turn-over-wager switch (spec §4 "Wallet modal"): a withdrawal is replaced by the turn-over-wager
 * modal when the feature is on, the account has a withdrawal balance and turnover is still owed.
 */
export interface TurnOverWagerInput {
  featureEnabled: boolean;
  withdrawalBalance: number | null | undefined;
  turnOverWagerAmount: number | null | undefined;
}

export function shouldShowTurnOverWager({
  featureEnabled,
  withdrawalBalance,
  turnOverWagerAmount,
}: TurnOverWagerInput): boolean {
  if (!featureEnabled) return false;
  if (withdrawalBalance === null || withdrawalBalance === undefined) return false;
  return typeof turnOverWagerAmount === 'number' && turnOverWagerAmount > 0;
}

/**
 * On: GET /api/risk/reasons/turn-over-wager answers nothing owed when the operator turned the rule off
 * (decision 0066), so the server's setting decides.
 */
export const TURN_OVER_WAGER_ENABLED = true;
