/** The SQLSTATE of a driver error (pg and PGlite put it in `code`, Drizzle wraps it in `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a unique or check violation names, when the driver tells it. */
export function constraintOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATEs of a database that is away for a moment: connection exceptions (08…), shutdowns, no room. */
const UNAVAILABLE_STATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_CODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/;

/**
 * Is this the database being away (a restart, a failover, a cut connection), not a fault of the request or
 * the code? Such a failure is answered 503 with a retry advice, never 500 (issue 31). Whether the cut came
 * before or after a commit, a retry with the same idempotency key applies it at most once.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_CODE.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
