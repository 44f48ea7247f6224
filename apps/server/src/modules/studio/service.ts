import type {
  StudioFreeRound,
  StudioFreeRoundsApi,
  StudioRotateAnswer,
  StudioRoundAnswer,
  StudioRoundsAnswer,
  StudioSeedsAnswer,
  StudioSession,
} from '@croupier/contracts';
import type { LaunchParams } from '@croupier/contracts/launch-link';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { freeRoundsOf, grantFreeRounds, playFreeRound, withdrawFreeRounds } from './free-rounds.ts';
import { createLocks } from './lock.ts';
import { createRoundViews } from './round-view.ts';
import { createRounds } from './rounds.ts';
import type { SeamlessClient } from './seamless-client.ts';
import { createSeeds, seedsOf } from './seeds.ts';
import { createSessions, ownerOf, sessionView } from './sessions.ts';
import { createWalletCalls } from './wallet-calls.ts';

/** The game API for sessions, and the free-round API the casino calls (award or withdraw, idempotent). */
export interface Studio extends StudioFreeRoundsApi {
  openSession(p: LaunchParams): Promise<string>;
  sessionExists(id: string): Promise<boolean>;
  // Bodies arrive unparsed: the game adapters check them and answer per-field codes (docs/studio-api.md §2).
  session(id: string): Promise<StudioSession>;
  setClientSeed(id: string, clientSeed: unknown): Promise<StudioSeedsAnswer>;
  rotate(id: string, clientSeed: unknown): Promise<StudioRotateAnswer>;
  play(id: string, body: unknown): Promise<StudioRoundAnswer>;
  act(id: string, roundId: string, body: unknown): Promise<StudioRoundAnswer>;
  rounds(id: string, limit: unknown): Promise<StudioRoundsAnswer>;
  /** Free rounds the casino awarded for this session's player, game and currency (decision 0065). */
  freeRounds(id: string): Promise<{ freeRounds: StudioFreeRound[] }>;
  playFreeRound(id: string, freeRoundId: string): Promise<StudioRoundAnswer>;
  /** Sends due pending wallet calls once (the retry loop calls it; tests too). */
  retryPending(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** The studio's game API: each call loads the session, then one module does the work. */
export function createStudio(opts: {
  db: Db;
  wallet: SeamlessClient;
  log: FastifyBaseLogger;
  retryIntervalMs?: number;
}): Studio {
  const { db, wallet, log } = opts;
  const withLock = createLocks(db, log);
  const calls = createWalletCalls(opts);
  const seeds = createSeeds({ db, withLock });
  const sessions = createSessions({ db, calls, activePair: (owner) => seeds.active(owner) });
  const views = createRoundViews(db);
  const roundDeps = {
    db,
    wallet,
    log,
    calls,
    activePair: seeds.active,
    views,
    balanceOf: sessions.balanceOf,
    withLock,
  };
  const rounds = createRounds(roundDeps);

  return {
    openSession: sessions.open,
    sessionExists: sessions.exists,

    async session(id) {
      const s = await sessions.load(id);
      const pair = await seeds.active(ownerOf(s));
      const open = await views.openOf(s.id);
      const balance = await sessions.balanceOf(s);
      return sessionView(s, { balance, seeds: seedsOf(pair), openRound: open ? await views.view(open) : null });
    },

    setClientSeed: async (id, clientSeed) => seeds.setClientSeed(ownerOf(await sessions.load(id)), clientSeed),
    rotate: async (id, clientSeed) => seeds.rotate(ownerOf(await sessions.load(id)), clientSeed),
    play: async (id, body) => rounds.play(await sessions.load(id), body),
    act: async (id, roundId, body) => rounds.act(await sessions.load(id), roundId, body),
    rounds: async (id, limit) => views.list(await sessions.load(id), limit),
    freeRounds: async (id) => ({ freeRounds: await freeRoundsOf(db, await sessions.load(id)) }),
    playFreeRound: async (id, freeRoundId) => playFreeRound(roundDeps, await sessions.load(id), freeRoundId),
    grantFreeRounds: (grant) => grantFreeRounds(db, grant),
    withdrawFreeRounds: (freeRoundId) => withdrawFreeRounds(db, freeRoundId),

    retryPending: calls.retryPending,
    start: calls.start,
    stop: calls.stop,
  };
}
