import { createHash, randomBytes } from 'node:crypto';
import { ApiError, ErrorCode } from '@croupier/contracts';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PlayerModule } from '../player/index.ts';
import { approvePendingDocuments } from './documents.ts';
import { applicants } from './schema.ts';
import { SumsubClient, type VerificationState } from './sumsub.ts';

export interface VerificationStatus {
  status: VerificationState;
  rejectReason: string | null;
}

export const SANDBOX_REJECT_LAST_NAME = 'reject';
const SANDBOX_REJECT_REASON = 'Sandbox: players whose last name is "Reject" are always rejected.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Identity verification. With Sumsub credentials, tokens and review states come from Sumsub; without,
 * the built-in sandbox stands in: a token starts a pending verification that is decided once
 * KYC_SANDBOX_DECISION_SECONDS have passed (checked whenever the state is read, so no timer and no
 * lost decision across restarts). Approval marks the player's pending documents approved.
 */
export function createVerification(input: {
  db: Db;
  config: Config;
  player: Pick<PlayerModule, 'getProfile'>;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}) {
  const { db, config, player, log } = input;
  const sumsub =
    config.SUMSUB_APP_TOKEN && config.SUMSUB_SECRET_KEY
      ? new SumsubClient({
          baseUrl: config.SUMSUB_BASE_URL,
          appToken: config.SUMSUB_APP_TOKEN,
          secretKey: config.SUMSUB_SECRET_KEY,
          levelName: config.SUMSUB_LEVEL_NAME,
          fetch: input.fetch,
        })
      : null;
  const provider = sumsub ? 'sumsub' : 'sandbox';

  const unavailable = (error: unknown) => {
    log.error({ err: error }, 'identity-verification provider failed');
    return new ApiError(502, ErrorCode.internal, 'Identity verification is unavailable. Please try again later.');
  };

  const stored = async (playerId: string) =>
    (await db.select().from(applicants).where(eq(applicants.playerId, playerId)))[0];

  /** Records a decision once (only from a different state) and approves pending documents with it. */
  async function decide(playerId: string, next: VerificationStatus, onlyIfDue = false): Promise<void> {
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(applicants)
        .set({
          status: next.status,
          rejectReason: next.rejectReason,
          updatedAt: sql`now()`,
          reviewedAt: next.status === 'approved' || next.status === 'rejected' ? sql`now()` : null,
        })
        .where(
          and(
            eq(applicants.playerId, playerId),
            onlyIfDue ? and(eq(applicants.status, 'pending'), lte(applicants.decideAt, sql`now()`)) : undefined,
            sql`${applicants.status} <> ${next.status}`,
          ),
        )
        .returning({ playerId: applicants.playerId });
      if (changed && next.status === 'approved') await approvePendingDocuments(tx, playerId);
    });
  }

  async function sandboxToken(playerId: string): Promise<string> {
    const token = `sandbox_${randomBytes(24).toString('base64url')}`;
    const decideAt = sql`now() + make_interval(secs => ${config.KYC_SANDBOX_DECISION_SECONDS})`;
    // A new token keeps a pending or approved verification as it is; a first one (or one after a
    // rejection) starts a new pending verification.
    const keep = sql`${applicants.status} in ('pending', 'approved') and ${applicants.provider} = 'sandbox'`;
    await db
      .insert(applicants)
      .values({ playerId, provider: 'sandbox', status: 'pending', sandboxTokenHash: hashToken(token), decideAt })
      .onConflictDoUpdate({
        target: applicants.playerId,
        set: {
          provider: 'sandbox',
          sandboxTokenHash: hashToken(token),
          status: sql`case when ${keep} then ${applicants.status} else 'pending' end`,
          rejectReason: sql`case when ${keep} then ${applicants.rejectReason} else null end`,
          decideAt: sql`case when ${keep} then ${applicants.decideAt} else ${decideAt} end`,
          reviewedAt: sql`case when ${keep} then ${applicants.reviewedAt} else null end`,
          updatedAt: sql`now()`,
        },
      });
    return token;
  }

  /** The sandbox decision, taken at the first read after it is due. */
  async function settleSandbox(playerId: string): Promise<void> {
    // Due by the database's clock, the same one that set decide_at.
    const [row] = await db
      .select({
        provider: applicants.provider,
        status: applicants.status,
        due: sql<boolean>`${applicants.decideAt} <= now()`,
      })
      .from(applicants)
      .where(eq(applicants.playerId, playerId));
    if (row?.provider !== 'sandbox' || row.status !== 'pending' || !row.due) return;
    const { lastName } = await player.getProfile(playerId);
    const rejected = lastName?.trim().toLowerCase() === SANDBOX_REJECT_LAST_NAME;
    await decide(
      playerId,
      rejected
        ? { status: 'rejected', rejectReason: SANDBOX_REJECT_REASON }
        : { status: 'approved', rejectReason: null },
      true,
    );
  }

  return {
    provider,

    /** The token the front end hands to the verification SDK (or to the sandbox page). */
    async accessToken(playerId: string): Promise<string> {
      if (!sumsub) return sandboxToken(playerId);
      let token: string;
      try {
        token = await sumsub.accessToken(playerId);
      } catch (error) {
        throw unavailable(error);
      }
      await db
        .insert(applicants)
        .values({ playerId, provider: 'sumsub', status: 'init' })
        .onConflictDoUpdate({ target: applicants.playerId, set: { provider: 'sumsub', updatedAt: sql`now()` } });
      return token;
    },

    /** Brings the stored state up to date (sandbox decision due, or Sumsub's review) and answers it. */
    async status(playerId: string): Promise<VerificationStatus> {
      if (!sumsub) {
        await settleSandbox(playerId);
      } else {
        const row = await stored(playerId);
        if (row?.status !== 'approved') {
          try {
            const review = await sumsub.reviewOf(playerId);
            await db
              .insert(applicants)
              .values({ playerId, provider: 'sumsub', status: 'init' })
              .onConflictDoNothing({ target: applicants.playerId });
            await decide(playerId, review);
          } catch (error) {
            // The last known state is still a truthful answer; the next poll tries again.
            log.warn({ err: error }, 'Sumsub review state unavailable; answering the stored one');
          }
        }
      }
      const row = await stored(playerId);
      return { status: (row?.status ?? 'init') as VerificationState, rejectReason: row?.rejectReason ?? null };
    },

    /** Sandbox only: takes a due decision (documents list reads this first). */
    settle: (playerId: string) => (sumsub ? Promise.resolve() : settleSandbox(playerId)),

    /** Sandbox only: the applicant a sandbox page token belongs to. */
    async sandboxApplicant(token: string): Promise<{ playerId: string; status: VerificationState } | null> {
      if (sumsub || !/^sandbox_[A-Za-z0-9_-]{32}$/.test(token)) return null;
      const [row] = await db
        .select()
        .from(applicants)
        .where(eq(applicants.sandboxTokenHash, hashToken(token)));
      return row ? { playerId: row.playerId, status: row.status as VerificationState } : null;
    },
  };
}

export type VerificationService = ReturnType<typeof createVerification>;
