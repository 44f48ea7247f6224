import { ApiError } from '@croupier/contracts';

/**
 * What to tell the player when the server refused a wallet action: its own field message when it gave
 * one (e.g. "The active account cannot be hidden…"), otherwise null so the caller shows a translated
 * generic text. Network failures (status 0) are never the server's words.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return null;
  const field = Object.values(error.fields).flat()[0];
  return field ?? error.message ?? null;
}
