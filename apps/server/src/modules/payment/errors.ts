import { ApiError, ErrorCode } from '@croupier/contracts';

/** A 422 with one message per field, as the player API answers bad input. */
export const invalid = (fields: Record<string, string>) =>
  ApiError.of(
    ErrorCode.validation,
    'The given data was invalid.',
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
  );

export const notFound = () => ApiError.of(ErrorCode.notFound, 'Invoice not found.');
