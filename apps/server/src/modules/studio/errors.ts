/** A refusal the player sees: HTTP 4xx (503 for wallet_unavailable) with `{ error: { code, message, field? } }`. */
export class StudioError extends Error {
  override readonly name = 'StudioError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
