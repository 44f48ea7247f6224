import { ApiError } from '@croupier/contracts';
import { firstMessages } from './field-errors.ts';

/** A 422's field messages (the first per field, api-contract §1.4), or null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  return error instanceof ApiError && error.status === 422 ? firstMessages(error.fields) : null;
}

export const statusOf = (error: unknown): number => (error instanceof ApiError ? error.status : 0);
export const codeOf = (error: unknown): number => (error instanceof ApiError ? error.code : 0);
