import { createHmac, timingSafeEqual } from 'node:crypto';
import { STUDIO_PATH } from './endpoints/studio.ts';

/**
 * The studio's launch link (docs/studio-api.md §1): what the casino hands the browser for the iframe, and
 * all the casino knows of the studio besides the seamless API. Signed with the studio secret so the studio
 * can trust the player reference and the mode it carries. Pure node:crypto, so both sides share it without
 * the casino importing the studio: a server-only subpath (`@croupier/contracts/launch-link`), kept out of
 * the package index so browsers never load it.
 */
export interface LaunchParams {
  game: string;
  mode: 'demo' | 'real';
  currency: string;
  locale: string;
  /** Where the game's lobby button returns to. */
  lobby: string;
  /** Opaque player reference (real play); seeds are kept per player. Empty in guest demo. */
  player: string;
  /** The seamless launch token (real play only). */
  token: string;
  /** Unix seconds after which the link is refused. */
  exp: number;
}

/**
 * The opaque player reference of real play (the link's `player`, a free-round grant's `playerRef`): stable per
 * player, reveals no id. The studio keys seeds and free rounds by it, so the game launch and the free-round
 * award must derive it alike: both call this.
 */
export const playerRefOf = (secret: string, playerId: string): string =>
  createHmac('sha256', secret).update(`player:${playerId}`).digest('hex').slice(0, 32);

const ORDER = ['game', 'mode', 'currency', 'locale', 'lobby', 'player', 'token', 'exp'] as const;
const LINK_TTL_SECONDS = 300;

const canonical = (p: LaunchParams) => ORDER.map((k) => `${k}=${p[k]}`).join('&');
const sign = (secret: string, p: LaunchParams) => createHmac('sha256', secret).update(canonical(p)).digest('hex');

/** The iframe URL for a launch (relative: the studio is mounted on the casino's origin by default). */
export function studioLaunchUrl(
  secret: string,
  input: Omit<LaunchParams, 'exp' | 'player' | 'token'> & { player?: string; token?: string },
  now = Date.now(),
): string {
  const params: LaunchParams = {
    ...input,
    player: input.player ?? '',
    token: input.token ?? '',
    exp: Math.floor(now / 1000) + LINK_TTL_SECONDS,
  };
  const query = new URLSearchParams();
  for (const k of ORDER) query.set(k, String(params[k]));
  query.set('sig', sign(secret, params));
  return `${STUDIO_PATH}/launch?${query}`;
}

export type LaunchCheck =
  | { ok: true; params: LaunchParams }
  | { ok: false; reason: 'signature' | 'expired' | 'invalid' };

/** Checks a launch query: every parameter present, the signature right, the link not expired. */
export function verifyLaunch(secret: string, query: Record<string, unknown>, now = Date.now()): LaunchCheck {
  const text = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : null);
  const values = ORDER.map(text);
  const sig = text('sig');
  if (values.some((v) => v === null) || !sig || !/^[0-9a-f]{64}$/.test(sig)) return { ok: false, reason: 'invalid' };
  const [game, mode, currency, locale, lobby, player, token, exp] = values as string[];
  if ((mode !== 'demo' && mode !== 'real') || !/^\d{1,12}$/.test(exp!)) return { ok: false, reason: 'invalid' };
  const params: LaunchParams = {
    game: game!,
    mode,
    currency: currency!,
    locale: locale!,
    lobby: lobby!,
    player: player!,
    token: token!,
    exp: Number(exp),
  };
  const expected = Buffer.from(sign(secret, params), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { ok: false, reason: 'signature' };
  if (params.exp * 1000 < now) return { ok: false, reason: 'expired' };
  if (mode === 'real' && (!params.token || !params.player)) return { ok: false, reason: 'invalid' };
  return { ok: true, params };
}
