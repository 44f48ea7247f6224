import { z } from 'zod';
import { STUDIO_GAMES } from './studio-games.ts';

/**
 * The studio's game API (docs/studio-api.md §2) as the game UI reads it. Money is always a string of
 * minor units ("1050" = 10.50 EUR); the session says `subunitToUnit`. The UI imports these types only
 * (`import type`), so zod stays out of its bundle.
 */

const minor = z.string().regex(/^-?\d+$/, 'minor units as a string, e.g. "1050"');
/** A stake: a positive whole number of minor units. */
const stake = z.string().regex(/^[1-9]\d{0,17}$/, 'a positive whole number of minor units, e.g. "100"');

export const StudioGameId = z.enum(STUDIO_GAMES);

export const StudioSeeds = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The next round's nonce. */
  nonce: z.number().int(),
});
export const StudioRevealedSeeds = StudioSeeds.extend({ serverSeed: z.string() });

export const StudioLimits = z.object({
  minBet: minor,
  maxBet: minor,
  betSteps: z.array(minor),
  /** The game's bet must be a multiple of this (slot 10, blackjack 2). */
  betMultiple: minor.optional(),
});

export const RouletteChoiceBet = z.object({
  kind: z.string(),
  numbers: z.array(z.number().int()).optional(),
  index: z.number().int().optional(),
  amount: stake,
});

export const StudioGameChoice = z.discriminatedUnion('game', [
  z.object({ game: z.literal('neon-fruits') }),
  z.object({ game: z.literal('european-roulette'), bets: z.array(RouletteChoiceBet) }),
  z.object({ game: z.literal('blackjack') }),
  /** chanceBp: the win chance in basis points. */
  z.object({ game: z.literal('dice'), chanceBp: z.number().int(), over: z.boolean() }),
  z.object({ game: z.literal('mines'), mines: z.number().int() }),
  z.object({
    game: z.literal('plinko'),
    rows: z.union([z.literal(8), z.literal(12), z.literal(16)]),
    risk: z.enum(['low', 'medium', 'high']).optional(),
  }),
]);

/** One player action of a multi-step round (blackjack, mines). */
export const StudioAction = z.object({ action: z.string(), tile: z.number().int().optional() });

export const StudioRound = z.object({
  id: z.string(),
  game: StudioGameId,
  status: z.enum(['open', 'settled', 'rolled_back']),
  bet: minor,
  payout: minor,
  createdAt: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Revealed once its seed pair is rotated out. */
  serverSeed: z.string().nullable(),
  choice: StudioGameChoice,
  /** The engine's outcome or state, bigints as strings, hidden parts removed while open; null when rolled back. */
  outcome: z.unknown(),
  /** Legal next actions while open. */
  actions: z.array(z.string()),
  /** Actions played so far in order (multi-step games), for the verifier. */
  history: z.array(StudioAction).optional(),
});

export const StudioSession = z.object({
  id: z.string(),
  game: StudioGameId,
  mode: z.enum(['demo', 'real']),
  currency: z.string(),
  subunitToUnit: z.number().int().positive(),
  balance: minor,
  locale: z.string(),
  lobbyUrl: z.string(),
  limits: StudioLimits,
  seeds: StudioSeeds,
  openRound: StudioRound.nullable(),
});

export const StudioRoundAnswer = z.object({
  round: StudioRound,
  /** null only when the wallet could not be asked: refetch the session. */
  balance: minor.nullable(),
});
export const StudioSeedsAnswer = z.object({ seeds: StudioSeeds });
export const StudioRotateAnswer = z.object({ revealed: StudioRevealedSeeds, seeds: StudioSeeds });
export const StudioRoundsAnswer = z.object({ rounds: z.array(StudioRound) });

export const StudioClientSeedRequest = z.object({ clientSeed: z.string() });
export const StudioRotateRequest = z.object({ clientSeed: z.string().optional() });
export const StudioPlayRequest = z.object({ bet: stake, choice: StudioGameChoice });
export const StudioRoundsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** Every refusal: HTTP 4xx (503 when the wallet did not answer) with a string code and, for input, the field. */
export const StudioErrorAnswer = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

export type StudioGameId = z.infer<typeof StudioGameId>;
export type StudioGameChoice = z.infer<typeof StudioGameChoice>;
export type RouletteChoiceBet = z.infer<typeof RouletteChoiceBet>;
export type StudioSeeds = z.infer<typeof StudioSeeds>;
export type StudioRevealedSeeds = z.infer<typeof StudioRevealedSeeds>;
export type StudioLimits = z.infer<typeof StudioLimits>;
export type StudioAction = z.infer<typeof StudioAction>;
export type StudioRound = z.infer<typeof StudioRound>;
export type StudioSession = z.infer<typeof StudioSession>;
export type StudioRoundAnswer = z.infer<typeof StudioRoundAnswer>;
export type StudioSeedsAnswer = z.infer<typeof StudioSeedsAnswer>;
export type StudioRotateAnswer = z.infer<typeof StudioRotateAnswer>;
export type StudioRoundsAnswer = z.infer<typeof StudioRoundsAnswer>;
export type StudioPlayRequest = z.infer<typeof StudioPlayRequest>;
export type StudioErrorAnswer = z.infer<typeof StudioErrorAnswer>;
