import type { Auth } from '@croupier/contracts';
import { AFFILIATE_COOKIE, readCookie } from '../../lib/cookies.ts';
import { deviceFingerprint } from '../../shared/session/fingerprint.ts';
import { browserApi } from '../../shared/session/runtime.ts';

/**
 * Completes a social sign-in (api-contract §3.1): the callback query goes to the server as it came
 * (code, state, iss…), with the connection as both `connection` and `provider`. Rejects on any failure.
 */
export async function completeSocialLogin(input: {
  connection: string;
  query: Record<string, string | string[]>;
  locale: string;
}): Promise<Auth> {
  const affiliateTag = readCookie(document.cookie, AFFILIATE_COOKIE);
  const { data } = await browserApi().player.loginSocial({
    query: input.query,
    body: {
      connection: input.connection,
      provider: input.connection,
      locale: input.locale,
      fingerprint: deviceFingerprint(),
      ...(affiliateTag ? { affiliateTag } : {}),
    },
  });
  return data;
}
