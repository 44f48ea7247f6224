import { z } from 'zod';
import { Reason } from './staff.ts';

/**
 * Responsible-gaming and AML flags, the interaction log and staff self-exclusion (issue 26, backoffice-api.md §3
 * compliance; decision 0114). Flags are raised by the money path's events, never by scanning tables per request.
 */

/** The two lists: responsible gaming and anti-money-laundering. They share the queue's shape and the audit. */
export const FlagList = z.enum(['rg', 'aml']);
export type FlagList = z.infer<typeof FlagList>;

/** Every kind of flag, grouped by list. A new kind is one entry here and one rule in the compliance module. */
export const RG_FLAG_KINDS = [
  'limit_near', // 80 % of a bet, loss or deposit limit used in its window
  'limit_raised', // a limit raised or removed, or a request to raise it
  'loss_chasing', // net losses rising over consecutive days
  'long_session', // a session of play over the set length
  'night_play', // play in the small hours (UTC)
  'deposits_declined', // deposits declined repeatedly
  'exclusion_ended', // a cooling-off or self-exclusion ended
] as const;
export const AML_FLAG_KINDS = [
  'cycling', // a deposit withdrawn again with little play
  'shared_instrument', // one payment instrument on many accounts
  'shared_device', // one device on many accounts
  'large_deposit', // a deposit far above the player's usual
] as const;
export const FlagKind = z.enum([...RG_FLAG_KINDS, ...AML_FLAG_KINDS]);
export type FlagKind = z.infer<typeof FlagKind>;

export const FlagSeverity = z.enum(['high', 'medium', 'low']);
export type FlagSeverity = z.infer<typeof FlagSeverity>;

/** open: waiting; reviewed: an interaction was recorded against it; closed: decided, with a reason. */
export const FlagStatus = z.enum(['open', 'reviewed', 'closed']);
export type FlagStatus = z.infer<typeof FlagStatus>;

export const Flag = z.object({
  id: z.string(),
  list: FlagList,
  kind: FlagKind,
  severity: FlagSeverity,
  status: FlagStatus,
  playerId: z.string(),
  /** The window the flag covers (a UTC day, a week, a limit's window…): one flag per player, kind and window. */
  window: z.string(),
  /** How many times the evidence was seen in the window; repeated evidence counts here instead of new flags. */
  count: z.number().int(),
  /** One line a person reads: what was seen. */
  detail: z.string(),
  /** The evidence of the latest sighting (amounts in major units beside their currency). */
  evidence: z.record(z.string(), z.unknown()),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  closeReason: z.string().nullable(),
  /** The interaction that closed it, when one did. */
  interactionId: z.string().nullable(),
});
export type Flag = z.infer<typeof Flag>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(25);

/** The queue: ordered by severity (high first), then by the latest sighting (newest first). */
export const FlagsQuery = z.object({
  list: FlagList.optional(),
  /** A status, or `active`: not closed yet (open or reviewed), the flags the dashboard's `flagsOpen` counts. */
  status: z.enum([...FlagStatus.options, 'active']).optional(),
  severity: FlagSeverity.optional(),
  kind: FlagKind.optional(),
  playerId: z.uuid().optional(),
  page,
  perPage,
});
export type FlagsQuery = z.infer<typeof FlagsQuery>;

export const flagIdParams = z.object({ id: z.uuid() });

export const CloseFlagRequest = z.object({
  reason: Reason,
  /** The interaction that dealt with it (it must be about the same player). */
  interactionId: z.uuid().optional(),
});
export type CloseFlagRequest = z.infer<typeof CloseFlagRequest>;

/** What staff did after identifying a behaviour (UKGC: identify, act, evaluate). `none` needs its why in `actionNote`. */
export const InteractionAction = z.enum([
  'message',
  'call',
  'email',
  'limit_lowered',
  'block',
  'self_exclusion',
  'none',
]);
export type InteractionAction = z.infer<typeof InteractionAction>;

export const ReviewVerdict = z.enum(['adequate', 'inadequate']);
export type ReviewVerdict = z.infer<typeof ReviewVerdict>;

const longText = (what: string) =>
  z
    .string({ error: 'This field is required.' })
    .trim()
    .min(3, `Describe ${what} in at least 3 characters.`)
    .max(5000, 'At most 5000 characters.');

/** One record of the interaction log, kept 5 years: what was seen, what was done, the follow-up and its outcome. */
export const Interaction = z.object({
  id: z.string(),
  playerId: z.string(),
  flagId: z.string().nullable(),
  /** What was seen: the behaviour before the interaction. */
  observed: z.string(),
  action: InteractionAction,
  /** What was said or done, or why nothing was. */
  actionNote: z.string(),
  followUpAt: z.string().nullable(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The follow-up's outcome, written once. */
  outcome: z.object({ text: z.string(), by: z.string(), at: z.string() }).nullable(),
  /** The spot check by a different staff member, written once. */
  review: z.object({ verdict: ReviewVerdict, note: z.string(), by: z.string(), at: z.string() }).nullable(),
});
export type Interaction = z.infer<typeof Interaction>;

export const InteractionsQuery = z.object({
  playerId: z.uuid().optional(),
  flagId: z.uuid().optional(),
  /** true: only those whose follow-up date has passed and that have no outcome yet. */
  followUpDue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** true: only those not yet spot-checked. */
  unreviewed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page,
  perPage,
});
export type InteractionsQuery = z.infer<typeof InteractionsQuery>;

export const interactionIdParams = z.object({ id: z.uuid() });

export const CreateInteractionRequest = z.object({
  playerId: z.uuid('Unknown player.'),
  flagId: z.uuid().optional(),
  observed: longText('what was seen'),
  action: InteractionAction,
  actionNote: longText('what was done, or why nothing was'),
  followUpAt: z.iso.datetime({ offset: true, error: 'A date and time, ISO 8601.' }).optional(),
  reason: Reason,
});
export type CreateInteractionRequest = z.infer<typeof CreateInteractionRequest>;

export const InteractionOutcomeRequest = z.object({
  outcome: longText('the outcome'),
  reason: Reason,
});
export type InteractionOutcomeRequest = z.infer<typeof InteractionOutcomeRequest>;

/** A spot check: never by the one who recorded the interaction (20004). */
export const InteractionReviewRequest = z.object({
  verdict: ReviewVerdict,
  note: longText('the review'),
});
export type InteractionReviewRequest = z.infer<typeof InteractionReviewRequest>;

/** The shortest self-exclusion staff may apply (UKGC: at least 6 months). */
export const STAFF_SELF_EXCLUSION_MIN_MONTHS = 6;

/**
 * A self-exclusion applied by staff on the player's request from support: in force at once, at least 6 months,
 * given as `months` or as an `until` date (exactly one). It ends only by the limits module's rules.
 */
export const StaffSelfExclusionRequest = z
  .object({
    months: z
      .number()
      .int('Whole months.')
      .min(STAFF_SELF_EXCLUSION_MIN_MONTHS, 'A self-exclusion lasts at least 6 months.')
      .max(1200)
      .optional(),
    until: z.iso.date('A date, YYYY-MM-DD.').optional(),
    reason: Reason,
  })
  .superRefine((v, ctx) => {
    if ((v.months === undefined) === (v.until === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'Give either months or an until date.' });
    }
  });
export type StaffSelfExclusionRequest = z.infer<typeof StaffSelfExclusionRequest>;

export const StaffSelfExclusion = z.object({
  playerId: z.string(),
  startedAt: z.string(),
  endsAt: z.string(),
  /** The player's sessions ended by it. */
  sessionsClosed: z.number().int(),
});
export type StaffSelfExclusion = z.infer<typeof StaffSelfExclusion>;
