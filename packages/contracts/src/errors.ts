/**
 * Error codes carried in `error.code` (api-contract §1.4). Codes below 1000 are ours and generic;
 * the five-digit codes are the ones the player client checks and must keep their meaning.
 */
export const ErrorCode = {
  internal: 1,
  notFound: 2,
  validation: 3,
  unauthorized: 4,
  /** The contract fixes 5 = too many attempts (HTTP 400 on bonus codes). We use it for every throttle. */
  tooManyAttempts: 5,
  forbidden: 6,
  conflict: 7,
  payloadTooLarge: 8,
  methodNotAllowed: 9,
  unsupportedMediaType: 10,
  /** Ours: the database is away for a moment (a restart, a failover); retry (HTTP 503 with Retry-After). */
  unavailable: 11,
  spinsExpired: 10003,
  socialEmailProblem: 11001,
  socialAccountBlocked: 11002,
  otpWrongCode: 11003,
  otpSendLimit: 11005,
  /** Ours: sign-in refused during a self-exclusion, or after it until the reopen request's 24 h passed (HTTP 403). */
  selfExcluded: 11010,
  depositLimitReached: 13100,
  gameLimitReached: 14100,
  gameLossLimitReached: 14101,
  realPlayLimited: 14103,
  gameSessionLimitReached: 14105,
  betsRestricted: 14306,
  gameGeoRestricted: 14308,
  // The operator API (backoffice-api.md §1.1).
  staffUnauthenticated: 20000,
  staffWrongCredentials: 20001,
  staffWrongCode: 20002,
  staffForbidden: 20003,
  fourEyes: 20004,
  alreadyDecided: 20005,
  limitRaiseRefused: 20006,
  staffTooManyAttempts: 20007,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status each generic code travels with unless a route says otherwise. */
export const defaultStatusOf: Record<number, number> = {
  [ErrorCode.internal]: 500,
  [ErrorCode.notFound]: 404,
  [ErrorCode.validation]: 422,
  [ErrorCode.unauthorized]: 401,
  [ErrorCode.tooManyAttempts]: 429,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.conflict]: 409,
  [ErrorCode.payloadTooLarge]: 413,
  [ErrorCode.methodNotAllowed]: 405,
  [ErrorCode.unsupportedMediaType]: 415,
  [ErrorCode.unavailable]: 503,
  [ErrorCode.staffUnauthenticated]: 401,
  [ErrorCode.staffWrongCredentials]: 401,
  [ErrorCode.staffWrongCode]: 401,
  [ErrorCode.staffForbidden]: 403,
  [ErrorCode.fourEyes]: 409,
  [ErrorCode.alreadyDecided]: 409,
  [ErrorCode.limitRaiseRefused]: 422,
  [ErrorCode.staffTooManyAttempts]: 429,
};

/** Field messages keyed by request field name; the client shows the first one (api-contract §1.4). */
export type FieldErrors = Record<string, string[]>;

/** Marks ApiError instances across copies of this module (the web bundle and the server each carry one). */
const API_ERROR = Symbol.for('croupier.ApiError');

/** A refusal with the envelope's shape. Thrown by the server, produced by the client from a response. */
export class ApiError extends Error {
  readonly [API_ERROR] = true;

  /** `instanceof` by brand, not by class identity: an error from another bundle's copy still matches. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true;
  }

  readonly status: number;
  readonly code: number;
  readonly fields: FieldErrors;

  constructor(status: number, code: number, message: string, fields: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  static of(code: ErrorCode, message: string, fields: FieldErrors = {}, status?: number): ApiError {
    return new ApiError(status ?? defaultStatusOf[code] ?? 400, code, message, fields);
  }
}
