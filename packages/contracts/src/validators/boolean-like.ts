// Exact matches, like Laravel's accepted/declined/boolean: "YES" or "True" are not accepted.
const YES_LIKE: readonly unknown[] = ['yes', 'on', '1', 1, true, 'true'];
const NO_LIKE: readonly unknown[] = ['no', 'off', '0', 0, false, 'false'];
const BOOLEAN_LIKE: readonly unknown[] = [true, false, 1, 0, '1', '0'];

export const isYesLike = (value: unknown): boolean => YES_LIKE.includes(value);

export const isNoLike = (value: unknown): boolean => NO_LIKE.includes(value);

/** What a checkbox may carry; the contract sends checkboxes as 1 or 0 (api-contract §2.1). */
export const isBooleanLike = (value: unknown): boolean => BOOLEAN_LIKE.includes(value);
