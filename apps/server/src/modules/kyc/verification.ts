import { createHash, randomBytes } from 'node:crypto';
import { ApiError, ErrorCode } from '@croupier/contracts';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notifyCommitted } from '../../outbox/index.ts';
import type { PlayerModule } from '../player/index.ts';
import { approvePendingDocuments } from './documents.ts';
import { notifyVerificationDecided } from './messages.ts';
import { applicants } from './schema.ts';
import { readKycSettings } from './settings.ts';
import { SumsubClient, type VerificationState } from './sumsub.ts';

export interface VerificationStatus {
  status: VerificationState;
  rejectReason: string | null;
}

export const SANDBOX_REJECT_LAST_NAME = 'reject';
const SANDBOX_REJECT_REASON = 'Sandbox: players whose last name is "Reject" are always rejected.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Identity verification, by the provider the KYC setting names (decision 0113). Sumsub (with its credentials):
 * tokens and review states come from Sumsub. The built-in sandbox: a token starts a pending verification that
 * is decided once KYC_SANDBOX_DECISION_SECONDS have passed (checked whenever the state is read, so no timer and
 * no lost decision across restarts). 'manual': no provider; staff decide from the documents. A provider's
 * approval marks the player's pending documents approved. With `confirmProviderResults`, a provider's decision
 * is held on the applicant (`provider_result`) for a person in the KYC queue, and the player sees pending.
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
  /** The provider in use now: the setting, read at each use so a change applies on every instance. */
  const settingsNow = async () => (await readKycSettings(db, config)).value;

  const unavailable = (error: unknown) => {
    log.error({ err: error }, 'identity-verification provider failed');
    return new ApiError(502, ErrorCode.internal, 'Identity verification is unavailable. Please try again later.');
  };

  const stored = async (playerId: string) =>
    (await db.select().from(applicants).where(eq(applicants.playerId, playerId)))[0];

  /**
   * Records a provider's decision once (only from a different state). A final one either applies (approving
   * the player's pending documents with it, and messaging the player) or, with `hold`, waits for a person:
   * the status stays pending and the result is kept beside it, once per distinct result.
   */
  async function decide(playerId: string, next: VerificationStatus, options: { onlyIfDue?: boolean; hold: boolean }) {
    const final = next.status === 'approved' || next.status === 'rejected';
    const due = options.onlyIfDue
      ? and(eq(applicants.status, 'pending'), lte(applicants.decideAt, sql`now()`), isNull(applicants.providerResult))
      : undefined;
    await db.transaction(async (tx) => {
      if (final && options.hold) {
        await tx
          .update(applicants)
          .set({
            status: 'pending',
            rejectReason: null,
            providerResult: next.status,
            providerRejectReason: next.rejectReason,
            providerDecidedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(applicants.playerId, playerId),
              due,
              sql`${applicants.providerResult} is distinct from ${next.status}`,
            ),
          );
        return;
      }
      const [changed] = await tx
        .update(applicants)
        .set({
          status: next.status,
          rejectReason: next.rejectReason,
          updatedAt: sql`now()`,
          reviewedAt: final ? sql`now()` : null,
          reviewedBy: null,
          // A result that is not final clears a held one: the next final result is news again.
          ...(final ? {} : { providerResult: null, providerRejectReason: null, providerDecidedAt: null }),
        })
        .where(and(eq(applicants.playerId, playerId), due, sql`${applicants.status} <> ${next.status}`))
        .returning({ playerId: applicants.playerId, updatedAt: applicants.updatedAt });
      if (!changed || !final) return;
      if (next.status === 'approved') await approvePendingDocuments(tx, playerId);
      await notifyVerificationDecided(
        tx as unknown as Db,
        playerId,
        next.status as 'approved' | 'rejected',
        next.rejectReason,
        `provider:${changed.updatedAt.toISOString()}`,
      );
    });
    notifyCommitted();
  }

  async function sandboxToken(playerId: string): Promise<string> {
    const token = `sandbox_${randomBytes(24).toString('base64url')}`;
    const decideAt = sql`now() + make_interval(secs => ${config.KYC_SANDBOX_DECISION_SECONDS})`;
    // A new token keeps an approved verification (whoever approved it) and a pending sandbox one as they are; a
    // first one (or one after a rejection) starts a new pending verification, forgetting a held result.
    const keep = sql`(${applicants.status} = 'approved' or (${applicants.status} = 'pending' and ${applicants.provider} = 'sandbox'))`;
    await db
      .insert(applicants)
      .values({ playerId, provider: 'sandbox', status: 'pending', sandboxTokenHash: hashToken(token), decideAt })
      .onConflictDoUpdate({
        target: applicants.playerId,
        set: {
          provider: sql`case when ${keep} and ${applicants.status} = 'approved' then ${applicants.provider} else 'sandbox' end`,
          sandboxTokenHash: hashToken(token),
          status: sql`case when ${keep} then ${applicants.status} else 'pending' end`,
          rejectReason: sql`case when ${keep} then ${applicants.rejectReason} else null end`,
          decideAt: sql`case when ${keep} then ${applicants.decideAt} else ${decideAt} end`,
          reviewedAt: sql`case when ${keep} then ${applicants.reviewedAt} else null end`,
          reviewedBy: sql`case when ${keep} then ${applicants.reviewedBy} else null end`,
          providerResult: sql`case when ${keep} then ${applicants.providerResult} else null end`,
          providerRejectReason: sql`case when ${keep} then ${applicants.providerRejectReason} else null end`,
          providerDecidedAt: sql`case when ${keep} then ${applicants.providerDecidedAt} else null end`,
          updatedAt: sql`now()`,
        },
      });
    return token;
  }

  /** The sandbox decision, taken at the first read after it is due. */
  async function settleSandbox(playerId: string, hold: boolean): Promise<void> {
    // Due by the database's clock, the same one that set decide_at.
    const [row] = await db
      .select({
        provider: applicants.provider,
        status: applicants.status,
        held: applicants.providerResult,
        due: sql<boolean>`${applicants.decideAt} <= now()`,
      })
      .from(applicants)
      .where(eq(applicants.playerId, playerId));
    if (row?.provider !== 'sandbox' || row.status !== 'pending' || row.held !== null || !row.due) return;
    const { lastName } = await player.getProfile(playerId);
    const rejected = lastName?.trim().toLowerCase() === SANDBOX_REJECT_LAST_NAME;
    await decide(
      playerId,
      rejected
        ? { status: 'rejected', rejectReason: SANDBOX_REJECT_REASON }
        : { status: 'approved', rejectReason: null },
      { onlyIfDue: true, hold },
    );
  }

  return {
    /** The provider the setting names now ('sandbox', 'sumsub' or 'manual'). */
    provider: async () => (await settingsNow()).provider,

    /** The token the front end hands to the verification SDK (or to the sandbox page). */
    async accessToken(playerId: string): Promise<string> {
      const { provider } = await settingsNow();
      if (provider === 'manual') {
        throw ApiError.of(
          ErrorCode.conflict,
          'Your identity is checked from the documents you upload: add them on your documents page.',
        );
      }
      if (provider === 'sandbox' || !sumsub) return sandboxToken(playerId);
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
      const settings = await settingsNow();
      const hold = settings.confirmProviderResults;
      if (settings.provider === 'sandbox') {
        await settleSandbox(playerId, hold);
      } else if (settings.provider === 'sumsub' && sumsub) {
        const row = await stored(playerId);
        if (row?.status !== 'approved') {
          try {
            const review = await sumsub.reviewOf(playerId);
            await db
              .insert(applicants)
              .values({ playerId, provider: 'sumsub', status: 'init' })
              .onConflictDoNothing({ target: applicants.playerId });
            await decide(playerId, review, { hold });
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
    async settle(playerId: string): Promise<void> {
      const settings = await settingsNow();
      if (settings.provider === 'sandbox') await settleSandbox(playerId, settings.confirmProviderResults);
    },

    /** Sandbox only: the applicant a sandbox page token belongs to. */
    async sandboxApplicant(token: string): Promise<{ playerId: string; status: VerificationState } | null> {
      if (!/^sandbox_[A-Za-z0-9_-]{32}$/.test(token)) return null;
      const [row] = await db
        .select()
        .from(applicants)
        .where(eq(applicants.sandboxTokenHash, hashToken(token)));
      return row ? { playerId: row.playerId, status: row.status as VerificationState } : null;
    },
  };
}

export type VerificationService = ReturnType<typeof createVerification>;
