import { ApiError, ErrorCode } from '@croupier/contracts';

// The withdrawal review's refusals (backoffice-api.md §1.1, §6), worded once.

export const withdrawalNotFound = () => ApiError.of(ErrorCode.notFound, 'Withdrawal not found.');

export const alreadyDecided = (status: string) =>
  ApiError.of(ErrorCode.alreadyDecided, `This withdrawal was already decided (${status}).`);

export const sameApprover = () =>
  ApiError.of(ErrorCode.fourEyes, 'Four eyes: a second, different person must approve this withdrawal.');
