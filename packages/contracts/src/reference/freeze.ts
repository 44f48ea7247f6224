/**
 * Reference data is shared module state served to every request; freezing it turns an accidental
 * mutation (push, field assignment) into an immediate TypeError instead of a silent global change.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
