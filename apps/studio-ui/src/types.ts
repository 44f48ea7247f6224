/**
 * Wire types of the studio game API (docs/studio-api.md §2), from the contract the server answers with.
 * Type-only imports: zod never reaches this bundle. Money is always minor units as a string.
 */
import type {
  RouletteChoiceBet,
  StudioFreeRound,
  StudioGameChoice,
  StudioGameId,
  StudioLimits,
  StudioRevealedSeeds,
  StudioRotateAnswer,
  StudioRound,
  StudioRoundAnswer,
  StudioRoundsAnswer,
  StudioSeeds,
  StudioSeedsAnswer,
  StudioSession,
} from '@croupier/contracts';
import { STUDIO_GAMES } from '@croupier/contracts/studio-games';

export type GameId = StudioGameId;
export type FreeRound = StudioFreeRound;
export const GAME_IDS: readonly GameId[] = STUDIO_GAMES;
export type Seeds = StudioSeeds;
export type RevealedSeeds = StudioRevealedSeeds;
export type Limits = StudioLimits;
export type { RouletteChoiceBet };
export type GameChoice = StudioGameChoice;
export type Round = StudioRound;
export type Session = StudioSession;
export type RoundAnswer = StudioRoundAnswer;
export type RotateAnswer = StudioRotateAnswer;

/** Everything the UI needs from the studio: the HTTP client, or the in-browser demo when developing. */
export interface StudioBackend {
  session(): Promise<Session>;
  setClientSeed(clientSeed: string): Promise<StudioSeedsAnswer>;
  rotateSeeds(clientSeed?: string): Promise<RotateAnswer>;
  play(bet: string, choice: GameChoice): Promise<RoundAnswer>;
  act(roundId: string, action: string, tile?: number): Promise<RoundAnswer>;
  rounds(limit?: number): Promise<StudioRoundsAnswer>;
  /** Free rounds the casino awarded (real play; decision 0065). Demo backends have none. */
  freeRounds?(): Promise<{ freeRounds: StudioFreeRound[] }>;
  playFreeRound?(id: string): Promise<RoundAnswer>;
}
