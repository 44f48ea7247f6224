import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestMeta } from './context.ts';
import { authEvents } from './schema.ts';

export type AuthEventType =
  | 'registration'
  | 'login'
  | 'autologin'
  | 'refresh'
  | 'logout'
  | 'session_closed'
  | 'password_changed'
  | 'password_reset_requested'
  | 'password_reset'
  | 'email_confirmation_sent'
  | 'email_confirmed'
  | 'email_changed'
  | 'phone_changed'
  | 'otp_sent'
  | 'otp_verified'
  | 'otp_failed'
  | 'signin_link_sent'
  | 'rate_limited';

export type AuthOutcome = 'success' | 'failure' | 'refused' | 'limited';

export interface AuthEvent {
  type: AuthEventType;
  outcome: AuthOutcome;
  playerId?: string | null;
  sessionId?: string | null;
  identity?: string | null;
  detail?: string | null;
  meta?: RequestMeta | null;
}

/** Appends one row to the audit trail. Never throws: an audit failure must not change an answer. */
export async function recordEvent(db: Db, event: AuthEvent, onError?: (error: unknown) => void): Promise<void> {
  try {
    await db.insert(authEvents).values({
      type: event.type,
      outcome: event.outcome,
      playerId: event.playerId ?? null,
      sessionId: event.sessionId ?? null,
      identity: event.identity ?? null,
      detail: event.detail ?? null,
      ip: event.meta?.ip ?? null,
      userAgent: event.meta?.userAgent ?? null,
    });
  } catch (error) {
    onError?.(error);
  }
}

/** How many events of a type and outcome an identity (from an address) produced within the last `seconds`. */
export async function countRecent(
  db: Db,
  where: { identity?: string; playerId?: string; ip?: string; type: AuthEventType; outcome?: AuthOutcome },
  seconds: number,
): Promise<number> {
  const conditions = [
    eq(authEvents.type, where.type),
    gt(authEvents.createdAt, sql`now() - make_interval(secs => ${seconds})`),
  ];
  if (where.identity !== undefined) conditions.push(eq(authEvents.identity, where.identity));
  if (where.playerId !== undefined) conditions.push(eq(authEvents.playerId, where.playerId));
  if (where.ip !== undefined) conditions.push(eq(authEvents.ip, where.ip));
  if (where.outcome !== undefined) conditions.push(eq(authEvents.outcome, where.outcome));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authEvents)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}
