import type { SeamlessRefusal } from '../studio/index.ts';

/** A refusal the page sees: HTTP 4xx (503 when the wallet did not answer) with `{ error: { code, message, field? } }`. */
export class SportsbookError extends Error {
  override readonly name = 'SportsbookError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const sessionNotFound = () => new SportsbookError(404, 'session_not_found', 'Unknown or expired session.');
export const unavailable = () =>
  new SportsbookError(503, 'wallet_unavailable', 'The casino wallet did not answer; try again.');
export const invalid = (field: string, message: string) => new SportsbookError(422, 'invalid_request', message, field);

/** The wallet's refusals as the player's 4xx (the same mapping as the studio's). */
export function refusal(answer: SeamlessRefusal): SportsbookError {
  switch (answer.code) {
    case 'INSUFFICIENT_FUNDS':
      return new SportsbookError(402, 'insufficient_funds', 'Not enough balance for this stake.', 'stake');
    case 'LIMIT_REACHED':
      return new SportsbookError(403, 'limit_reached', 'A responsible-gaming limit refuses this bet.', 'stake');
    case 'PLAYER_DISABLED':
      return new SportsbookError(403, 'player_disabled', 'Your account cannot bet now.');
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return new SportsbookError(410, 'session_expired', 'The session has expired: reopen the sportsbook.');
    default:
      return new SportsbookError(409, 'wallet_refused', `The casino refused the request (${answer.code}).`);
  }
}
