import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Messenger } from '../notification/messaging/port.ts';
import { createSettingsService } from '../settings/service.ts';
import { type AccountsService, createAccounts } from './accounts.ts';
import type {
  PlayerDeps,
  PlayerRegisteredListener,
  ProfileFilledListener,
  SessionsClosedListener,
  SignInGuard,
} from './context.ts';
import { resolveJwtSecret } from './crypto.ts';
import { type AuthContext, authenticate } from './sessions.ts';

export { playerOf, registerAuthentication } from './auth.ts';
export type { PlayerRegistered, PlayerRegisteredListener, RequestMeta } from './context.ts';
export { publicNameSourceSql, publicNicknameIn, publicNicknameOf, publicNicknames } from './nicknames.ts';
export { type PlayerPreferences, preferencesOf } from './preferences.ts';
export { filledProfileFields } from './profile-fields.ts';
export { closeForSelfExclusion, timeZoneIn, timeZoneSubquery } from './responsible-gaming.ts';
export { ensureFieldSettings, seedFieldSettings } from './seed.ts';
export type { AuthContext } from './sessions.ts';
export { playerStatusIn } from './status-in.ts';

/** The player module as other modules see it: functions, never tables. */
export interface PlayerModule {
  deps: PlayerDeps;
  accounts: AccountsService;
  /** Verifies a bearer token and its session (401 ApiError on failure). */
  authenticate(token: string): Promise<AuthContext>;
  getProfile: AccountsService['getProfile'];
  /** A single-use token for POST /api/player/sessions/token (game and affiliate flows). Default 2 min. */
  mintAutologinToken: AccountsService['mintAutologinToken'];
  /** Called after each registration is committed, in order; a failing listener is logged, not fatal. */
  onRegistered(listener: PlayerRegisteredListener): void;
  /** Called with the ids of sessions just closed (logout, closed by the player, password change or reset). */
  onSessionsClosed(listener: SessionsClosedListener): void;
  /** Runs before every session opens (login, autologin, social, registration); a throw refuses it. */
  onSignIn(guard: SignInGuard): void;
  /** Called inside the transaction of a profile save that fills an empty field. */
  onProfileFilled(listener: ProfileFilledListener): void;
}

export function createPlayerModule(input: {
  config: Config;
  db: Db;
  messenger: Messenger;
  log: FastifyBaseLogger;
}): PlayerModule {
  const deps: PlayerDeps = {
    ...input,
    secret: resolveJwtSecret(input.config),
    registered: [],
    profileFilled: [],
    sessionsClosed: [],
    signInGuards: [],
  };
  const accounts = createAccounts(deps, createSettingsService(input.config));
  return {
    deps,
    accounts,
    authenticate: (token) => authenticate(deps, token),
    getProfile: accounts.getProfile,
    mintAutologinToken: accounts.mintAutologinToken,
    onRegistered: (listener) => {
      deps.registered.push(listener);
    },
    onSessionsClosed: (listener) => {
      deps.sessionsClosed.push(listener);
    },
    onSignIn: (guard) => {
      deps.signInGuards.push(guard);
    },
    onProfileFilled: (listener) => {
      deps.profileFilled.push(listener);
    },
  };
}
