import {
  AccountStatus,
  ApiError,
  ErrorCode,
  type GameLaunch,
  type GameStart,
  STUDIO_PROVIDER_ID,
} from '@croupier/contracts';
import { playerRefOf, studioLaunchUrl } from '@croupier/contracts/launch-link';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { onSite } from '../../http/site-origins.ts';
import type { PlayerModule } from '../player/index.ts';
import { issueLaunchToken, listAccounts } from '../wallet/index.ts';
import { findGame, recordPlay, restrictedIn } from './catalogue.ts';
import { gameProviders } from './schema.ts';

/** What a pre-launch hook sees: the player, the game and, for real play, the account it plays from. */
export interface BeforeLaunchContext {
  playerId: string;
  gameId: string;
  gameIdentity: string;
  mode: 'demo' | 'real';
  /** Real play only. */
  accountId: string | null;
  currency: string;
  /** The visitor's country from the geo headers, when known. */
  country: string | null;
}
/**
 * A check before a logged-in player's launch (demo and real): responsible-gaming limits (14100, 14101,
 * 14105) and bonus bet restrictions (14306) plug in here. Refuse by throwing `launchRefusal(code, …)`.
 */
export type BeforeLaunchHook = (ctx: BeforeLaunchContext) => void | Promise<void>;

export type LaunchRefusalCode =
  | typeof ErrorCode.gameLimitReached
  | typeof ErrorCode.gameLossLimitReached
  | typeof ErrorCode.realPlayLimited
  | typeof ErrorCode.gameSessionLimitReached
  | typeof ErrorCode.betsRestricted
  | typeof ErrorCode.gameGeoRestricted;

/** A business refusal of a launch: HTTP 422 with its 14xxx code (never 401/403, api-contract §1.2). */
export const launchRefusal = (code: LaunchRefusalCode, message: string) => ApiError.of(code, message, {}, 422);

const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });
const gameNotFound = () => ApiError.of(ErrorCode.notFound, 'Game not found.');

/** Player statuses that may play for real money (as the seamless wallet accepts bets). */
const REAL_PLAY_STATUSES = new Set([1, 2]);

/** A provider's launch integration: its seamless provider id and its signed iframe link (a path on `studioUrl`). */
export interface GameLauncher {
  providerId: string;
  link(params: Parameters<typeof studioLaunchUrl>[1]): string;
}

export interface LaunchDeps {
  db: Db;
  studioSecret: string;
  /** Launchers of providers other than the studio, by catalogue provider identity (the demo's sportsbook). */
  launchers?: Readonly<Record<string, GameLauncher>>;
  /** Where browsers reach the studio: `gameUrl` is absolute from it (STUDIO_PUBLIC_URL, default PUBLIC_URL). */
  studioUrl: string;
  player: Pick<PlayerModule, 'getProfile'>;
  /** Checks before a logged-in player's launch, in order (limits, bonus restrictions; tests add their own). */
  beforeLaunch?: readonly BeforeLaunchHook[];
}

/** A lobby URL must stay on the casino: a path, or an absolute URL on one of the site's origins (decision 0050). */
function lobbyOf(value: string, origins: readonly string[]): string {
  const lobby = onSite(value, origins);
  if (lobby === null) throw invalid('lobbyUrl', 'The lobby URL must be a path on this site.');
  return lobby;
}

/** The studio's path-only launch link made absolute, so the iframe works whatever origin the site is on. */
const absolute = (studioUrl: string, link: string) => `${studioUrl.replace(/\/+$/, '')}${link}`;

/**
 * POST /api/game/games/{idOrIdentity}/play: checks the game, the visitor's country, the mode, the player
 * and the account, runs the pre-launch hooks, then answers the studio's signed launch URL (real play with
 * a fresh seamless launch token). Records the launch in "recently played" for logged-in players.
 */
export async function startGame(
  deps: LaunchDeps,
  input: {
    idOrIdentity: string;
    body: GameStart;
    playerId: string | null;
    geoCountry: string | null;
    /** Origins a lobby URL may point to (http/site-origins.ts). */
    siteOrigins: readonly string[];
  },
): Promise<GameLaunch> {
  const { db, studioSecret } = deps;
  const { body, playerId } = input;
  const game = await findGame(db, input.idOrIdentity);
  if (!game) throw gameNotFound();
  const [provider] = await db.select().from(gameProviders).where(eq(gameProviders.id, game.providerId));
  // Only providers with a launch integration (the studio, the launchers given) can start a game here.
  const launcher: GameLauncher | undefined =
    provider?.identity === STUDIO_PROVIDER_ID
      ? { providerId: STUDIO_PROVIDER_ID, link: (params) => studioLaunchUrl(studioSecret, params) }
      : provider
        ? deps.launchers?.[provider.identity]
        : undefined;
  if (!launcher) throw gameNotFound();

  const lobby = lobbyOf(body.lobbyUrl, input.siteOrigins);
  if (!playerId && !body.demoMode) throw invalid('demoMode', 'Sign in to play for real money.');
  if (body.demoMode && !game.isDemoMode) throw invalid('demoMode', 'This game has no demo mode.');

  // Only the server's own geo decides: the body's countryCode is whatever the client says (its fallback is 'UA').
  if (input.geoCountry && (await restrictedIn(db, game.id, [input.geoCountry]))) {
    throw launchRefusal(ErrorCode.gameGeoRestricted, 'This game is not available in your country.');
  }

  if (!playerId) {
    return {
      gameUrl: absolute(
        deps.studioUrl,
        launcher.link({
          game: game.identity,
          mode: 'demo',
          currency: game.currencies[0] ?? 'EUR',
          locale: body.locale,
          lobby,
        }),
      ),
      token: '',
    };
  }

  const accounts = await listAccounts(db, playerId);
  let account = accounts.find((a) => a.status === AccountStatus.active) ?? null;
  if (!body.demoMode) {
    const profile = await deps.player.getProfile(playerId);
    if (!REAL_PLAY_STATUSES.has(profile.status)) {
      throw launchRefusal(ErrorCode.realPlayLimited, 'Real-money play is limited on your account.');
    }
    const requested = body.accountId?.toLowerCase();
    if (requested) {
      account = accounts.find((a) => a.id === requested) ?? null;
      if (!account) throw ApiError.of(ErrorCode.notFound, 'Account not found.');
    }
    if (!account) throw invalid('accountId', 'Open an account to play for real money.');
    if (game.currencies.length > 0 && !game.currencies.includes(account.currency)) {
      throw invalid('accountId', `This game does not accept ${account.currency}.`);
    }
  }
  const mode = body.demoMode ? 'demo' : 'real';
  const currency = body.demoMode
    ? account && (game.currencies.length === 0 || game.currencies.includes(account.currency))
      ? account.currency
      : (game.currencies[0] ?? 'EUR')
    : account!.currency;
  for (const hook of deps.beforeLaunch ?? []) {
    await hook({
      playerId,
      gameId: game.id,
      gameIdentity: game.identity,
      mode,
      accountId: mode === 'real' ? account!.id : null,
      currency,
      country: input.geoCountry,
    });
  }

  let token = '';
  if (mode === 'real') {
    ({ token } = await issueLaunchToken(db, {
      playerId,
      currency,
      providerId: launcher.providerId,
      gameId: game.identity,
    }));
  }
  const gameUrl = absolute(
    deps.studioUrl,
    launcher.link({
      game: game.identity,
      mode,
      currency,
      locale: body.locale,
      lobby,
      ...(mode === 'real' ? { player: playerRefOf(studioSecret, playerId), token } : {}),
    }),
  );
  await recordPlay(db, playerId, game.id, mode === 'demo');
  return { gameUrl, token };
}
