import { ApiError, ErrorCode } from '@croupier/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { writeAudit } from '../audit/write.ts';
import { signInFailures, staffAccounts, staffSessions } from '../schema.ts';

/**
 * The staff sign-in's throttles (decision 0031's rule, decision 0104). Failures (a wrong password, a wrong code)
 * are counted per (e-mail, address): 5 in 15 minutes refuse that pair only, so an attacker's address is
 * stopped and the owner's is not. A slower ceiling per e-mail from every address stops a spread-out attack;
 * it spares the addresses the account signed in from lately, so it cannot lock the owner out everywhere.
 */
export const signInThrottles = {
  /** Per visitor address on both sign-in routes (@fastify/rate-limit, in Redis when there is one). */
  ip: { max: 20, timeWindow: '15 minutes' },
  pair: { max: 5, seconds: 15 * 60 },
  email: { max: 25, seconds: 60 * 60 },
  /** An address the account opened a session from within this many days is spared the e-mail ceiling. */
  knownAddressDays: 30,
} as const;

export type SignInStep = 'password' | 'code';

/** 429 with 20007 and when to come back (§1.1). */
export const tooManySignIns = (retryAt: Date) => {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 60_000));
  return ApiError.of(
    ErrorCode.staffTooManyAttempts,
    `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
};

const within = (seconds: number) => sql`${signInFailures.at} > now() - make_interval(secs => ${seconds})`;

/**
 * The moment the newest `max` failures matching `where` stop filling the window, or null while under `max`:
 * when the max-th newest leaves the window, one more attempt is allowed.
 */
async function retryAtOf(db: Db, where: SQL | undefined, limit: { max: number; seconds: number }) {
  const rows = await db
    .select({ at: signInFailures.at })
    .from(signInFailures)
    .where(and(where, within(limit.seconds)))
    .orderBy(desc(signInFailures.at))
    .limit(limit.max);
  if (rows.length < limit.max) return null;
  return new Date(rows[limit.max - 1]!.at.getTime() + limit.seconds * 1000);
}

async function isKnownAddress(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffAccounts.email, email),
        eq(staffSessions.ip, ip),
        sql`${staffSessions.createdAt} > now() - make_interval(days => ${signInThrottles.knownAddressDays})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses a sign-in step (password or code) of `email` from `ip` while a throttle holds, before anything is
 * checked, the same way for known and unknown e-mails. The refusal is audited; it is not itself a failure.
 */
export async function checkSignInThrottle(db: Db, email: string, ip: string, step: SignInStep): Promise<void> {
  const { pair, email: ceiling } = signInThrottles;
  let retryAt = await retryAtOf(db, and(eq(signInFailures.email, email), eq(signInFailures.ip, ip)), pair);
  let why = 'throttled: e-mail and address';
  if (!retryAt) {
    retryAt = await retryAtOf(db, eq(signInFailures.email, email), ceiling);
    why = 'throttled: e-mail';
    if (retryAt && (await isKnownAddress(db, email, ip))) retryAt = null;
  }
  if (!retryAt) return;
  await db.transaction((tx) =>
    writeAudit(tx, {
      staffId: null,
      action: 'staff.sign_in_failed',
      targetType: 'staff',
      after: { email, ip, step, why },
      result: 'denied',
    }),
  );
  throw tooManySignIns(retryAt);
}

/** One failed step: counted for the throttles and written to the audit log, together. */
export async function recordSignInFailure(
  db: Db,
  failure: { email: string; ip: string; step: SignInStep; staffId: string | null; why: string },
): Promise<void> {
  // Rows past the longest window count for nothing (the audit log keeps the history): pruned as they come.
  await db.delete(signInFailures).where(sql`${signInFailures.at} < now() - interval '1 day'`);
  await db.transaction(async (tx) => {
    await tx.insert(signInFailures).values({ email: failure.email, ip: failure.ip, step: failure.step });
    await writeAudit(tx, {
      staffId: null,
      action: 'staff.sign_in_failed',
      targetType: 'staff',
      targetId: failure.staffId,
      after: { email: failure.email, ip: failure.ip, step: failure.step, why: failure.why },
      result: 'denied',
    });
  });
}
