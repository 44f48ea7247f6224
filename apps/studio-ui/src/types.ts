/** Wire types of the studio game API (docs/studio-api.md §2). Money is always minor units as a string. */

export type GameId = 'neon-fruits' | 'european-roulette' | 'blackjack' | 'dice' | 'mines' | 'plinko';
export const GAME_IDS: readonly GameId[] = ['neon-fruits', 'european-roulette', 'blackjack', 'dice', 'mines', 'plinko'];

export interface Seeds {
  serverSeedHash: string;
  clientSeed: string;
  /** The next round's nonce. */
  nonce: number;
}

export interface RevealedSeeds extends Seeds {
  serverSeed: string;
}

export interface Limits {
  minBet: string;
  maxBet: string;
  betSteps: string[];
  /** The game's bet must be a multiple of this (slot 10, blackjack 2). */
  betMultiple?: string;
}

export interface RouletteChoiceBet {
  kind: string;
  numbers?: number[];
  index?: number;
  amount: string;
}

export type GameChoice =
  | { game: 'neon-fruits' }
  | { game: 'european-roulette'; bets: RouletteChoiceBet[] }
  | { game: 'blackjack' }
  | { game: 'dice'; chanceBp: number; over: boolean }
  | { game: 'mines'; mines: number }
  | { game: 'plinko'; rows: 8 | 12 | 16; risk?: 'low' | 'medium' | 'high' };

export interface Round {
  id: string;
  game: GameId;
  status: 'open' | 'settled' | 'rolled_back';
  bet: string;
  payout: string;
  createdAt: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
  choice: GameChoice;
  /** The engine's outcome or state, bigints as strings, hidden parts removed while open. */
  outcome: unknown;
  actions: string[];
  /** Actions played so far in order (multi-step games), for the verifier. */
  history?: { action: string; tile?: number }[];
}

export interface Session {
  id: string;
  game: GameId;
  mode: 'demo' | 'real';
  currency: string;
  subunitToUnit: number;
  balance: string;
  locale: string;
  lobbyUrl: string;
  limits: Limits;
  seeds: Seeds;
  openRound: Round | null;
}

export interface RoundAnswer {
  round: Round;
  /** null only when the wallet could not be asked: refetch the session. */
  balance: string | null;
}

export interface RotateAnswer {
  revealed: RevealedSeeds;
  seeds: Seeds;
}

/** Everything the UI needs from the studio: the HTTP client, or the in-browser demo when developing. */
export interface StudioBackend {
  session(): Promise<Session>;
  setClientSeed(clientSeed: string): Promise<{ seeds: Seeds }>;
  rotateSeeds(clientSeed?: string): Promise<RotateAnswer>;
  play(bet: string, choice: GameChoice): Promise<RoundAnswer>;
  act(roundId: string, action: string, tile?: number): Promise<RoundAnswer>;
  rounds(limit?: number): Promise<{ rounds: Round[] }>;
}
