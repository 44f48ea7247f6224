import { ApiError, ErrorCode } from '@croupier/contracts';

/** What a screen shows of a failed call: one message, and the first message of each field (422). */
export interface Problem {
  message: string;
  fields: Record<string, string>;
  code: number | null;
  status: number;
}

/**
 * Codes whose server message is replaced by a sentence that says what to do. The sign-in codes (20001, 20002,
 * 20007) keep the server's words: it knows when to try again.
 */
const CLEARER: Record<number, string> = {
  [ErrorCode.staffForbidden]: 'Your role may not do this.',
  [ErrorCode.fourEyes]: 'Four-eyes: you asked for this or decided it already, so another person must approve it.',
  [ErrorCode.alreadyDecided]: 'This was already decided, or its state no longer allows it. The list is refreshed.',
  [ErrorCode.limitRaiseRefused]: 'Staff may only add a limit or lower one, never raise or remove it.',
};

export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    const fields: Record<string, string> = {};
    for (const [name, messages] of Object.entries(error.fields ?? {})) {
      if (messages?.[0]) fields[name] = messages[0];
    }
    const message =
      error.status === 0
        ? 'The server could not be reached. Check the connection and try again.'
        : (CLEARER[error.code] ?? (error.message || 'The request failed.'));
    return { message, fields, code: error.code, status: error.status };
  }
  return { message: 'Something went wrong. Try again.', fields: {}, code: null, status: 0 };
}

/** No staff credential, or an expired or closed one (20000): the app goes back to sign-in. */
export const isUnauthenticated = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ErrorCode.staffUnauthenticated;

/** A refusal the request itself caused (4xx): retrying the same call cannot help. */
export const isClientError = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;
