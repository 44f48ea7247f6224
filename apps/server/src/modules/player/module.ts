import type { Profile } from '@croupier/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSettingsService } from '../settings/index.ts';
import { mintAutologinToken } from './accounts/autologin.ts';
import { createPacer } from './accounts/pacer.ts';
import { getProfile } from './accounts/profile-read.ts';
import { type BlocksChange, type BlocksPatch, closePlayerSessions, setBlocks } from './blocks.ts';
import type {
  PlayerDeps,
  PlayerRegisteredListener,
  ProfileFilledListener,
  SessionsClosedListener,
  SignInGuard,
} from './context.ts';
import { resolveJwtSecret } from './crypto.ts';
import type { AccountMessenger } from './mail.ts';
import { closeForSelfExclusion } from './responsible-gaming.ts';
import { playerRoutes } from './routes.ts';
import { type JwtCheck, verifyJwt } from './sessions/jwt.ts';
import { type AuthContext, authenticate } from './sessions/sessions.ts';
import { socialRoutes } from './social/routes.ts';

/** The player module as other modules see it: functions, never tables, and never its token key (decision 0098). */
export interface PlayerModule {
  /** Verifies a bearer token and its session (401 ApiError on failure). */
  authenticate(token: string): Promise<AuthContext>;
  /** The signature and time window of an access token alone, no session read (real time tells expiry apart). */
  verifyAccessToken(token: string): JwtCheck;
  getProfile(playerId: string): Promise<Profile>;
  /** A single-use token for POST /api/player/sessions/token (game and affiliate flows). Default 2 min. */
  mintAutologinToken(playerId: string, ttlSeconds?: number): Promise<{ token: string; expiresAt: Date }>;
  /**
   * A self-exclusion's effects on the account, in the caller's transaction (every session closes, marketing
   * consents go off); answers what to call once that transaction committed.
   */
  closeForSelfExclusion(tx: Db, playerId: string): Promise<() => void>;
  /**
   * A staff member's blocks (decision 0106), in the caller's transaction: null for an unknown player. A login
   * block closes every session there; call `afterCommit` once committed to end their sockets.
   */
  setBlocks(tx: Db, playerId: string, patch: BlocksPatch): Promise<BlocksChange | null>;
  /** Every open session of the player closes in the caller's transaction; null for an unknown player. */
  closeSessions(tx: Db, playerId: string, reason?: string): Promise<{ closed: number; afterCommit: () => void } | null>;
  /** Called after each registration is committed, in order; a failing listener is logged, not fatal. */
  onRegistered(listener: PlayerRegisteredListener): void;
  /** Called with the ids of sessions just closed (logout, closed by the player, password change or reset). */
  onSessionsClosed(listener: SessionsClosedListener): void;
  /** Runs before every session opens (login, autologin, social, registration); a throw refuses it. */
  onSignIn(guard: SignInGuard): void;
  /** Called inside the transaction of a profile save that fills an empty field. */
  onProfileFilled(listener: ProfileFilledListener): void;
  /** The account and social sign-in endpoints. */
  routes(app: FastifyInstance): Promise<void>;
}

export function createPlayerModule(input: {
  config: Config;
  db: Db;
  /** The notification module's messenger, or anything else that sends the account e-mails and SMS. */
  messenger: AccountMessenger;
  log: FastifyBaseLogger;
}): PlayerModule {
  const deps: PlayerDeps = {
    ...input,
    settings: createSettingsService(input.config),
    secret: resolveJwtSecret(input.config),
    registrationPace: createPacer(50),
    registered: [],
    profileFilled: [],
    sessionsClosed: [],
    signInGuards: [],
  };
  return {
    authenticate: (token) => authenticate(deps, token),
    verifyAccessToken: (token) => verifyJwt(token, deps.secret),
    getProfile: (playerId) => getProfile(deps, playerId),
    mintAutologinToken: (playerId, ttlSeconds) => mintAutologinToken(deps, playerId, ttlSeconds),
    closeForSelfExclusion: (tx, playerId) => closeForSelfExclusion(deps, tx, playerId),
    setBlocks: (tx, playerId, patch) => setBlocks(deps, tx, playerId, patch),
    closeSessions: (tx, playerId, reason) => closePlayerSessions(deps, tx, playerId, reason),
    onRegistered: (listener) => void deps.registered.push(listener),
    onSessionsClosed: (listener) => void deps.sessionsClosed.push(listener),
    onSignIn: (guard) => void deps.signInGuards.push(guard),
    onProfileFilled: (listener) => void deps.profileFilled.push(listener),
    async routes(app) {
      await app.register(playerRoutes, { deps });
      await app.register(socialRoutes, { deps });
    },
  };
}
