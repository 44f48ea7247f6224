import { ApiError, type Auth, ErrorCode } from '@croupier/contracts';
import { RestrictType } from '@croupier/contracts/reference/index';
import { lt, sql } from 'drizzle-orm';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { socialSignIn } from './players.ts';
import { verifyTelegramLogin } from './telegram.ts';
import { telegramLogins } from './telegram-schema.ts';

// Telegram sign-in (decision 0069): the callback query carries the widget's signed fields; once they check
// out, the Telegram account id is the identity (issuer https://telegram.org) on the social login's own
// account-linking path: a linked player signs in, an unknown one is created (Telegram gives no e-mail).

export const TELEGRAM = 'telegram';
const ISSUER = 'https://telegram.org';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export interface TelegramLogin {
  /** Where the redirect endpoint sends the browser: Telegram's own login page, back to the callback route. */
  startUrl(): URL;
  complete(input: {
    query: Record<string, string | string[]>;
    body: { connection: string; locale?: string; fingerprint: string; affiliateTag?: string };
    meta: RequestMeta;
  }): Promise<Auth>;
}

export function createTelegramLogin(deps: PlayerDeps, now: () => Date = () => new Date()): TelegramLogin | null {
  const { config, settings } = deps;
  const botToken = config.TELEGRAM_BOT_TOKEN;
  if (!botToken || !config.TELEGRAM_BOT_NAME) return null;
  const maxAgeSeconds = config.TELEGRAM_AUTH_MAX_AGE_SECONDS;
  const refused = (field: string, message: string) =>
    ApiError.of(ErrorCode.validation, message, { [field]: [message] }, 422);

  async function complete({ query, body, meta }: Parameters<TelegramLogin['complete']>[0]): Promise<Auth> {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(query)) fields[key] = one(value) ?? '';
    const check = verifyTelegramLogin(fields, { botToken: botToken!, maxAgeSeconds, now: now() });
    if (!check.ok) {
      await recordEvent(deps.db, {
        type: 'login',
        outcome: 'failure',
        detail: `social telegram: ${check.field}`,
        meta,
      });
      throw refused(check.field, check.reason);
    }
    const restrict = settings.restrictionOf(meta.country);
    if (restrict === RestrictType.geoBlocked || restrict === RestrictType.authBlocked) {
      throw ApiError.of(ErrorCode.forbidden, 'Sign-in is not available in your country.');
    }
    // Spent once: a captured callback URL cannot sign in again, even inside the freshness window.
    await deps.db.delete(telegramLogins).where(lt(telegramLogins.authDate, sql`now() - interval '2 days'`));
    const [fresh] = await deps.db
      .insert(telegramLogins)
      .values({ hash: check.user.hash, authDate: check.user.authDate })
      .onConflictDoNothing()
      .returning({ hash: telegramLogins.hash });
    if (!fresh) {
      await recordEvent(deps.db, { type: 'login', outcome: 'failure', detail: 'social telegram: replayed', meta });
      throw refused('hash', 'This Telegram sign-in was already used. Start again.');
    }
    return socialSignIn(deps, {
      connection: TELEGRAM,
      identity: { issuer: ISSUER, subject: check.user.id, email: null, emailVerified: false },
      fingerprint: body.fingerprint,
      locale: body.locale,
      affiliateTag: body.affiliateTag,
      meta,
      withoutEmail: true,
    });
  }

  return {
    startUrl() {
      const url = new URL('https://oauth.telegram.org/auth');
      url.searchParams.set('bot_id', botToken.split(':')[0]!);
      url.searchParams.set('origin', config.publicUrl);
      url.searchParams.set('request_access', 'write');
      url.searchParams.set('return_to', `${config.publicUrl}/auth/social/${TELEGRAM}/callback`);
      return url;
    },
    complete,
  };
}
