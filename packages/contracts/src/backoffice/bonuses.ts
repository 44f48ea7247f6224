import { z } from 'zod';
import { PageQuery } from '../envelope.ts';
import { isCurrencyCode } from '../reference/currencies.ts';
import { Reason } from './staff.ts';

/**
 * The bonuses editor (issue 27, backoffice-api.md §9): bonus definitions (deposit, cash, free-spin campaigns,
 * cashback), codes, the welcome package's steps, the global pause and staff issues to named players. One schema per
 * shape, used by the server's validation and the back office's forms. Amounts are major units per currency.
 *
 * The money rule: an edit applies to bonuses issued after it. A running player bonus or free spins keep the terms
 * they were issued with (wagering, max bet, max win, games, contributions, cancel lock, windows).
 */

export const BONUS_KINDS = ['deposit', 'cash', 'freespins', 'cashback'] as const;
export const BonusKind = z.enum(BONUS_KINDS);
export type BonusKind = z.infer<typeof BonusKind>;

/** Most players a staff issue may name at once (a bigger list is refused whole with 422). */
export const MAX_ISSUE_PLAYERS = 1000;

const required = 'This field is required.';

/** A stable key (`welcome-100`): lower-case letters, digits and dashes. Seeds and retention find bonuses by it. */
export const BonusIdentity = z
  .string({ error: required })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'Lower-case letters, digits and dashes, 2 to 64.');

const Name = z.string({ error: required }).trim().min(1, required).max(120, 'At most 120 characters.');

/** Currency code → amount in major units (e.g. `{ EUR: 10, USD: 11 }`); exactness to the subunit is the server's check. */
export const BonusCurrencyAmounts = z
  .record(
    z.string().refine(isCurrencyCode, 'Unknown currency.'),
    z.number({ error: 'A number.' }).finite().min(0, 'Zero or more.').max(1e9, 'Too large.'),
  )
  .default({});
export type BonusCurrencyAmounts = z.infer<typeof BonusCurrencyAmounts>;

const Instant = z.iso.datetime({ offset: true, error: 'A date and time (ISO 8601).' }).nullable().default(null);
const Days = z
  .number({ error: 'A whole number of days.' })
  .int('Whole days.')
  .min(1, 'At least 1 day.')
  .max(365, 'At most 365 days.');
const Ids = z.array(z.string().trim().min(1).max(100)).max(500, 'At most 500.').default([]);

/** A bonus definition as staff edit it. Kind-specific fields are checked by `checkDefinition`. */
const DefinitionFields = z.object({
  name: Name,
  kind: BonusKind,
  enabled: z.boolean().default(true),
  /** Deposit: percent of the deposit matched; cashback: percent of the week's net loss. */
  depositPercentage: z
    .number()
    .int('A whole percent.')
    .min(1, 'At least 1 %.')
    .max(1000, 'At most 1000 %.')
    .nullable()
    .default(null),
  /** Cash: the amount; free spins: the bet per spin. */
  amounts: BonusCurrencyAmounts,
  /** Deposit: the cap of the match. */
  maxAmounts: BonusCurrencyAmounts,
  /** Deposit: the deposit range that triggers it, per currency (a currency without a minimum is not offered). */
  minDeposits: BonusCurrencyAmounts,
  maxDeposits: BonusCurrencyAmounts,
  availableFrom: Instant,
  availableTo: Instant,
  wagerMultiplier: z.number({ error: 'A number.' }).finite().min(0, 'Zero or more.').max(1000, 'At most 1000.'),
  maxBets: BonusCurrencyAmounts,
  maxWins: BonusCurrencyAmounts,
  activationDays: Days.default(7),
  /** Days to wager (free spins: days to play them). */
  wageringDays: Days.default(30),
  gameIds: Ids,
  gameIdsExcluded: z.boolean().default(true),
  providerIds: Ids,
  providerIdsExcluded: z.boolean().default(true),
  /** Game id → percent of each stake that counts towards wagering (unlisted: 100). */
  contributions: z
    .record(
      z.string().trim().min(1).max(100),
      z.number().int('A whole percent.').min(0, '0 to 100.').max(100, '0 to 100.'),
    )
    .default({}),
  cancelLock: z.boolean().default(false),
  reusable: z.boolean().default(false),
  /** Deposit bonuses: only through a code, never offered in the deposit form (pausing its code then stops it). */
  codeOnly: z.boolean().default(false),
  /** Free spins: the game (catalogue identity) and the number of spins. */
  freeSpinGame: z.string().trim().min(1).max(100).nullable().default(null),
  freeSpinCount: z
    .number()
    .int('A whole number.')
    .min(1, 'At least 1.')
    .max(1000, 'At most 1000.')
    .nullable()
    .default(null),
});

type Fields = z.infer<typeof DefinitionFields>;

function checkDefinition(d: Fields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const none = (m: Record<string, number>) => Object.keys(m).length === 0;
  if ((d.kind === 'deposit' || d.kind === 'cashback') && d.depositPercentage === null) {
    issue(
      'depositPercentage',
      d.kind === 'deposit'
        ? 'A deposit bonus matches a percent of the deposit.'
        : 'Cashback pays a percent of the net loss.',
    );
  }
  if (d.kind === 'deposit' && none(d.minDeposits))
    issue('minDeposits', 'Give the minimum deposit in at least one currency.');
  if (d.kind === 'cash' && none(d.amounts)) issue('amounts', 'Give the amount in at least one currency.');
  if (d.kind === 'freespins') {
    if (!d.freeSpinGame) issue('freeSpinGame', 'Choose the game the spins are played on.');
    if (d.freeSpinCount === null) issue('freeSpinCount', 'Give the number of spins.');
    if (none(d.amounts)) issue('amounts', 'Give the bet per spin in at least one currency.');
  }
  for (const [currency, max] of Object.entries(d.maxDeposits)) {
    const min = d.minDeposits[currency];
    if (min !== undefined && max < min)
      issue('maxDeposits', `The maximum deposit in ${currency} is below its minimum.`);
  }
  if (d.availableFrom && d.availableTo && Date.parse(d.availableTo) <= Date.parse(d.availableFrom)) {
    issue('availableTo', 'The window must end after it starts.');
  }
}

export const BonusDefinitionInput = DefinitionFields.extend({ identity: BonusIdentity }).superRefine(checkDefinition);
export type BonusDefinitionInput = z.input<typeof BonusDefinitionInput>;

export const CreateBonusRequest = DefinitionFields.extend({ identity: BonusIdentity, reason: Reason }).superRefine(
  checkDefinition,
);
export type CreateBonusRequest = z.input<typeof CreateBonusRequest>;

/** An edit replaces the definition (its identity stays). It applies to bonuses issued from now on only. */
export const UpdateBonusRequest = DefinitionFields.extend({ reason: Reason }).superRefine(checkDefinition);
export type UpdateBonusRequest = z.input<typeof UpdateBonusRequest>;

export const BonusDefinition = DefinitionFields.extend({
  id: z.string(),
  identity: z.string(),
  packageId: z.string().nullable(),
  packageName: z.string().nullable(),
  packagePriority: z.number(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['active', 'paused', 'archived']),
});
export type BonusDefinition = z.infer<typeof BonusDefinition>;

export const BonusStatusFilter = z.enum(['current', 'active', 'paused', 'archived', 'all']);

export const BonusDefinitionsQuery = PageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  kind: BonusKind.optional(),
  /** `current` (the default): active and paused, not archived. */
  status: BonusStatusFilter.default('current'),
  q: z.string().trim().max(100).optional(),
});
export type BonusDefinitionsQuery = z.infer<typeof BonusDefinitionsQuery>;

export const bonusIdParams = z.object({ id: z.uuid() });

/** Pause (false) or resume (true), with a reason. */
export const BonusEnabledRequest = z.object({ enabled: z.boolean(), reason: Reason });
export type BonusEnabledRequest = z.infer<typeof BonusEnabledRequest>;

export const BonusArchiveRequest = z.object({ reason: Reason });

/* Codes ---------------------------------------------------------------------------------------------------- */

/** What players type: upper-cased, letters, digits, dashes and underscores. */
export const BonusCodeText = z
  .string({ error: required })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'Letters, digits, dashes or underscores, 3 to 32.');

/** 1: applied at once (the promo box); 3: attached to the next deposit. */
export const BonusCodeTriggerInput = z.union([z.literal(1), z.literal(3)]);

const Uses = z.number().int('A whole number.').min(1, 'At least 1.').max(10_000_000).nullable().default(null);

const CodeFields = z.object({
  bonusId: z.uuid({ error: 'Choose a bonus.' }),
  triggers: z.array(BonusCodeTriggerInput).min(1, 'Choose at least one way to use it.').max(2),
  enabled: z.boolean().default(true),
  /** Applications in all (null: no limit). */
  maxUses: Uses,
  /** Applications per rolling period of `periodHours` (both or neither). */
  maxUsesPerPeriod: Uses,
  periodHours: z
    .number()
    .int('Whole hours.')
    .min(1, 'At least 1 hour.')
    .max(8760, 'At most a year.')
    .nullable()
    .default(null),
  validFrom: Instant,
  validTo: Instant,
});
type CodeFieldValues = z.infer<typeof CodeFields>;

function checkCode(c: CodeFieldValues, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if ((c.maxUsesPerPeriod === null) !== (c.periodHours === null)) {
    issue(c.periodHours === null ? 'periodHours' : 'maxUsesPerPeriod', 'Give both the uses per period and the period.');
  }
  if (c.validFrom && c.validTo && Date.parse(c.validTo) <= Date.parse(c.validFrom)) {
    issue('validTo', 'The window must end after it starts.');
  }
}

export const CreateBonusCodeRequest = CodeFields.extend({ code: BonusCodeText, reason: Reason }).superRefine(checkCode);
export type CreateBonusCodeRequest = z.input<typeof CreateBonusCodeRequest>;
export const UpdateBonusCodeRequest = CodeFields.extend({ reason: Reason }).superRefine(checkCode);
export type UpdateBonusCodeRequest = z.input<typeof UpdateBonusCodeRequest>;

export const BonusCodeDefinition = CodeFields.extend({
  code: z.string(),
  bonusName: z.string(),
  bonusKind: BonusKind,
  /** Applications so far (applied, or attached and waiting for a deposit). */
  uses: z.number(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['active', 'paused', 'archived']),
});
export type BonusCodeDefinition = z.infer<typeof BonusCodeDefinition>;

export const BonusCodeDefinitionsQuery = PageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  status: BonusStatusFilter.default('current'),
  bonusId: z.uuid().optional(),
  q: z.string().trim().max(32).optional(),
});
export type BonusCodeDefinitionsQuery = z.infer<typeof BonusCodeDefinitionsQuery>;

export const bonusCodeParams = z.object({ code: BonusCodeText });

/* The welcome package and deposit offers ---------------------------------------------------------------------- */

export const BonusPackageStep = z.object({
  bonusId: z.string(),
  name: z.string(),
  priority: z.number(),
  enabled: z.boolean(),
});
export const BonusPackage = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** Deposit bonuses offered one after another, first deposit first. */
  steps: z.array(BonusPackageStep),
});
export type BonusPackage = z.infer<typeof BonusPackage>;

export const CreateBonusPackageRequest = z.object({ identity: BonusIdentity, name: Name, reason: Reason });
export type CreateBonusPackageRequest = z.input<typeof CreateBonusPackageRequest>;

/** The package's name and its steps in order (deposit bonuses; one left out leaves the package). */
export const UpdateBonusPackageRequest = z.object({
  name: Name,
  steps: z
    .array(z.uuid())
    .max(20, 'At most 20 steps.')
    .refine((ids) => new Set(ids).size === ids.length, 'A bonus appears once.'),
  reason: Reason,
});
export type UpdateBonusPackageRequest = z.input<typeof UpdateBonusPackageRequest>;

export const bonusPackageIdParams = z.object({ id: z.uuid() });

/* Settings: the global pause and the turn-over rule --------------------------------------------------------- */

/** The global switch: paused, no code, deposit offer, package step or free-spin campaign issues anything. */
export const BonusIssuingSettings = z.object({ paused: z.boolean() });
export type BonusIssuingSettings = z.infer<typeof BonusIssuingSettings>;
export const UpdateBonusIssuingRequest = BonusIssuingSettings.extend({ reason: Reason });
export type UpdateBonusIssuingRequest = z.input<typeof UpdateBonusIssuingRequest>;

/** §9: deposits are staked `multiplier` times before a withdrawal (off: `enabled` false, or 0). */
export const TurnOverSettings = z.object({
  enabled: z.boolean(),
  multiplier: z.number({ error: 'A number.' }).finite().min(0, 'Zero or more.').max(100, 'At most 100.'),
});
export type TurnOverSettings = z.infer<typeof TurnOverSettings>;
export const UpdateTurnOverRequest = TurnOverSettings.extend({ reason: Reason });
export type UpdateTurnOverRequest = z.input<typeof UpdateTurnOverRequest>;

const Meta = { updatedAt: z.string().nullable(), updatedBy: z.string().nullable() };
export const BonusIssuingView = BonusIssuingSettings.extend(Meta);
export type BonusIssuingView = z.infer<typeof BonusIssuingView>;
export const TurnOverView = TurnOverSettings.extend(Meta);
export type TurnOverView = z.infer<typeof TurnOverView>;

/* Issues to named players ---------------------------------------------------------------------------------- */

export const IssueBonusRequest = z.object({
  playerIds: z
    .array(z.uuid({ error: 'A player id (UUID).' }))
    .min(1, 'Name at least one player.')
    .max(MAX_ISSUE_PLAYERS, `At most ${MAX_ISSUE_PLAYERS} players per issue: split the list.`),
  /** Chosen once per request (the form makes one): sending it again issues nothing twice to the same player. */
  issueKey: z.uuid(),
  reason: Reason,
});
export type IssueBonusRequest = z.input<typeof IssueBonusRequest>;

export const BonusIssueOutcome = z.object({
  playerId: z.string(),
  result: z.enum(['issued', 'already', 'refused']),
  /** The player bonus or free spins issued (issued, already). */
  id: z.string().nullable(),
  currency: z.string().nullable(),
  message: z.string().nullable(),
});
export type BonusIssueOutcome = z.infer<typeof BonusIssueOutcome>;
export const IssueBonusResult = z.object({
  issued: z.number(),
  already: z.number(),
  refused: z.number(),
  outcomes: z.array(BonusIssueOutcome),
});
export type IssueBonusResult = z.infer<typeof IssueBonusResult>;
