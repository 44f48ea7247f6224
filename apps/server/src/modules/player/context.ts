import type { Profile } from '@croupier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Pacer } from './accounts/pacer.ts';
import type { AccountMessenger } from './mail.ts';

/** Who is calling, as far as the request tells: kept on sessions and audit rows. */
export interface RequestMeta {
  ip: string;
  country: string | null;
  userAgent: string | null;
}

/** Raised after a player account is created (and committed). */
export interface PlayerRegistered {
  playerId: string;
  /** The currency chosen at registration: the first wallet account's currency. */
  currency: string | null;
  country: string | null;
  method: 'email' | 'phone';
  affiliateTag: string | null;
  referralCode: string | null;
  profile: Profile;
}

export type PlayerRegisteredListener = (event: PlayerRegistered) => Promise<void> | void;

export interface PlayerDeps {
  db: Db;
  config: Config;
  /** The port of the account e-mails and SMS; the notification module's messenger, wired by the app. */
  messenger: AccountMessenger;
  log: FastifyBaseLogger;
  settings: SettingsService;
  /** HS256 key of access tokens: inside the module only, never on its face (decision 0098). */
  secret: Buffer;
  /** How long a registration takes here, for refusals of taken identifiers to match (decision 0034). */
  registrationPace: Pacer;
  /** Listeners of "player registered" (the wallet opens the first account there). */
  registered: PlayerRegisteredListener[];
  /** Listeners of "sessions closed", after the commit (real time ends their sockets). */
  sessionsClosed: SessionsClosedListener[];
  /** Checks before any session opens (the risk module refuses self-excluded players); throw to refuse. */
  signInGuards: SignInGuard[];
  /** Run in the transaction of a profile save that fills an empty field (retention's profile tasks). */
  profileFilled: ProfileFilledListener[];
}

export type ProfileFilledListener = (tx: Db, playerId: string, at: Date) => Promise<void>;

export type SessionsClosedListener = (sessionIds: string[]) => void;

/** Runs on the connection (or transaction) that opens the session. */
export type SignInGuard = (playerId: string, db: Db) => Promise<void> | void;
