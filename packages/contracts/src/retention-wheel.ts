import { z } from 'zod';

// Wheels of fortune (api-contract §11.4). A wheel's sectors carry drop rates in percent; a spin lands on
// one of them, provably fair (decision 0060): each spin's server seed is committed (its SHA-256 hash) when
// the spin is granted and revealed with the result.

/** Wheel state: 2 upcoming, 3 running, 4 finished (the client asks for 2 and 3). */
export const WheelState = { upcoming: 2, running: 3, finished: 4 } as const;

export const WheelItem = z.object({ id: z.string(), title: z.string(), dropRate: z.number().optional() });
export type WheelItem = z.infer<typeof WheelItem>;

export const WheelPlayerSpin = z.object({
  id: z.string(),
  expireAt: z.string().nullable(),
  /** Ours: the commitment of this spin's server seed (SHA-256 of its text, lowercase hex). */
  serverSeedHash: z.string().optional(),
});
export type WheelPlayerSpin = z.infer<typeof WheelPlayerSpin>;

export const Wheel = z.object({
  id: z.string(),
  identity: z.string(),
  title: z.string(),
  state: z.number().int(),
  items: z.array(WheelItem),
  startAt: z.string(),
  endAt: z.string().nullable(),
  playerSpins: z.array(WheelPlayerSpin),
  limitRefreshAt: z.string().nullable(),
});
export type Wheel = z.infer<typeof Wheel>;

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(100).optional());

export const WheelsQuery = z.object({
  identity: list(z.string().min(1).max(100)),
  state: list(z.coerce.number().int().min(1).max(5)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type WheelsQuery = z.infer<typeof WheelsQuery>;

/** The spin's body is optional: a client seed of the player's own (1–64 printable characters, no spaces). */
export const WheelSpinBody = z.object({
  clientSeed: z
    .string()
    .regex(/^[\x21-\x7e]{1,64}$/, 'The client seed must be 1 to 64 printable characters without spaces.')
    .optional(),
});
export type WheelSpinBody = z.infer<typeof WheelSpinBody>;

/** What a spin revealed: verify `sha256(serverSeed) = serverSeedHash`, then recompute the sector. */
export const WheelFairness = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type WheelFairness = z.infer<typeof WheelFairness>;

/** The winning sector (an `items[].id`), and ours: the prize paid and the revealed seeds. */
export const WheelSpinResult = z.object({
  id: z.string(),
  title: z.string(),
  dropRate: z.number().optional(),
  prize: z
    .object({ type: z.enum(['none', 'real', 'bonus', 'points']), amount: z.number(), currency: z.string().nullable() })
    .optional(),
  fairness: WheelFairness.optional(),
});
export type WheelSpinResult = z.infer<typeof WheelSpinResult>;

/** `retention:wheels#{playerId}`: spins granted (a deposit's, for example). */
export interface WheelSpinIssuedPublication {
  event: 'wheel.spin.issued';
  playerId: string;
  wheel: { id: string; identity: string; title: string };
  amount: number;
}
