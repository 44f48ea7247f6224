import { ApiError, ErrorCode } from '@croupier/contracts';

// The adjustments' refusals (backoffice-api.md §1.1, §5), worded once.

export const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

export const unknownPlayer = () => invalid('playerId', 'Unknown player.');

export const noAccount = () => invalid('currency', 'The player has no account in this currency.');

export const beyondBalance = (available: string, currency: string) =>
  invalid('amount', `A debit may not take the real balance below zero (${available} ${currency} available).`);

export const keyReused = () =>
  ApiError.of(ErrorCode.conflict, 'This idempotency key was used for a different adjustment.');

export const adjustmentNotFound = () => ApiError.of(ErrorCode.notFound, 'Adjustment not found.');

export const fourEyes = () =>
  ApiError.of(ErrorCode.fourEyes, 'Four eyes: the one who asked for an adjustment cannot approve it.');

export const alreadyDecided = (status: string) =>
  ApiError.of(ErrorCode.alreadyDecided, `This adjustment was already decided (${status}).`);
