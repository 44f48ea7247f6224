/** Why an input was refused; the server maps it to a 4xx with the field message. */
export type GameErrorCode = 'invalid_bet' | 'invalid_choice' | 'invalid_action' | 'invalid_seed' | 'round_finished';

/** A player's bet, choice or action that the game rules do not allow. Never a server fault. */
export class GameInputError extends Error {
  override readonly name = 'GameInputError';
  constructor(
    readonly code: GameErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
