import { z } from 'zod';
import { PlayerBonus } from '../bonus.ts';
import { Limit } from '../limits.ts';
import { PlayerDocument, Profile } from '../player.ts';
import { Account } from '../wallet.ts';
import { Reason } from './staff.ts';

/** Players as staff see them (backoffice-api.md §4). Every read of one player is audited (§7). */

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(25);

export const Blocks = z.object({ login: z.boolean(), deposit: z.boolean(), bet: z.boolean(), withdrawal: z.boolean() });
export type Blocks = z.infer<typeof Blocks>;

export const PlayerRow = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  country: z.string().nullable(),
  status: z.number().int(),
  blocks: Blocks,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type PlayerRow = z.infer<typeof PlayerRow>;

export const PlayerSearchQuery = z.object({
  /** E-mail, phone, nickname or id; a prefix is enough for the e-mail, phone and nickname. */
  search: z.string().trim().max(254).optional(),
  page,
  perPage,
});

export const playerIdParams = z.object({ id: z.uuid() });

export const PlayerTotals = z.object({
  currency: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
});

export const Player360 = z.object({
  profile: Profile,
  accounts: z.array(Account.omit({ status: true })),
  blocks: Blocks,
  limits: z.array(Limit),
  bonuses: z.array(PlayerBonus),
  kyc: z.object({ status: z.string(), documents: z.array(PlayerDocument) }),
  /** Responsible-gaming and AML flags (issue 26 raises them; empty until then). */
  flags: z.array(z.object({ kind: z.string(), raisedAt: z.string(), detail: z.string() })),
  /** The last 6 months, per currency, never summed across currencies. */
  totals: z.array(PlayerTotals),
});
export type Player360 = z.infer<typeof Player360>;

export const LedgerType = z.enum(['deposit', 'withdrawal', 'bet', 'win', 'rollback', 'bonus', 'adjustment', 'other']);

export const LedgerRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: LedgerType,
  /** Signed, major units: what the movement did to the player's balance. */
  amount: z.number(),
  currency: z.string(),
  balanceAfter: z.number(),
  /** The round, invoice, adjustment or bonus the movement belongs to. */
  reference: z.string().nullable(),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

export const TransactionsQuery = z.object({ page, perPage, currency: z.string().max(10).optional() });

/** A game round as the wallet stores it: open until settled, or rolled back (its bets refunded). */
export const PlayerRoundStatus = z.enum(['open', 'settled', 'rolled_back']);

export const PlayerRound = z.object({
  /** The casino's id of the round, `<providerId>:<providerRoundId>` (the player API's `Bet.id`). */
  roundId: z.string(),
  /** The round id the provider sent. */
  providerRoundId: z.string(),
  providerId: z.string(),
  /** The game's identity in the catalogue. */
  gameId: z.string(),
  /** The catalogue's name of the game; null when the catalogue does not know it. */
  gameName: z.string().nullable(),
  currency: z.string(),
  /** Major units; net of rolled-back bets. */
  bet: z.number(),
  win: z.number(),
  status: PlayerRoundStatus,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PlayerRound = z.infer<typeof PlayerRound>;

export const PlayerRoundsQuery = z.object({
  page,
  perPage,
  status: PlayerRoundStatus.optional(),
  currency: z.string().max(10).optional(),
});

export const PlayerInvoiceType = z.enum(['deposit', 'withdrawal']);
/** The invoice's status (the player API's 1, 2, 3); `statusResult` says why a failed one failed. */
export const PlayerInvoiceStatus = z.enum(['pending', 'success', 'failure']);

export const PlayerInvoice = z.object({
  id: z.string(),
  type: PlayerInvoiceType,
  status: PlayerInvoiceStatus,
  /** The payment module's detail: 'pending', 'success', 'declined', 'canceled', 'failed', … */
  statusResult: z.string(),
  /** Major units, positive. */
  amount: z.number(),
  currency: z.string(),
  method: z.string(),
  createdAt: z.string(),
  /** Written once, when the invoice settles. */
  updatedAt: z.string(),
  /** The payment provider's reference, to find the payment on its side. */
  reference: z.string(),
});
export type PlayerInvoice = z.infer<typeof PlayerInvoice>;

export const PlayerInvoicesQuery = z.object({
  page,
  perPage,
  type: PlayerInvoiceType.optional(),
  status: PlayerInvoiceStatus.optional(),
});

export const StaffPlayerSession = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedReason: z.string().nullable(),
});
export type StaffPlayerSession = z.infer<typeof StaffPlayerSession>;

export const Note = z.object({
  id: z.string(),
  playerId: z.string(),
  text: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type Note = z.infer<typeof Note>;

/** A note is its own reason (§1). */
export const CreateNoteRequest = z.object({
  text: z.string().trim().min(1, 'Write the note.').max(5000, 'A note may have at most 5000 characters.'),
});

export const SetBlocksRequest = z.object({
  login: z.boolean().optional(),
  deposit: z.boolean().optional(),
  bet: z.boolean().optional(),
  withdrawal: z.boolean().optional(),
  reason: Reason,
});
export type SetBlocksRequest = z.infer<typeof SetBlocksRequest>;

export const ReasonRequest = z.object({ reason: Reason });
export const OptionalReasonRequest = z.object({ reason: Reason.optional() });

export const ClosedSessions = z.object({ closed: z.number().int() });

/** The player API's limit request with the staff member's reason; the server allows only adding or lowering. */
export const StaffLimitRequest = z.object({
  definition: z.number().int(),
  period: z.string().max(20),
  amount: z.number().finite().min(0).max(1e12),
  currency: z.string().max(10),
  reason: Reason,
});
export type StaffLimitRequest = z.infer<typeof StaffLimitRequest>;
