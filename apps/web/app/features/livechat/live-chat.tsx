import { useEffect, useRef } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { forget, identify, loadChatwoot } from './chatwoot.ts';

/**
 * The live-chat widget (decision 0068): loaded only when the site settings name one, for guests and players
 * alike; once ready, a signed-in player is identified with the token the API signs, and a sign-out resets it.
 */
export function LiveChat() {
  const { root, locale } = useI18n();
  const { isLoggedIn, profile } = useSession();
  const widget = root.site.liveChat;
  const ready = useRef(false);
  const session = useRef({ isLoggedIn, profile });
  session.current = { isLoggedIn, profile };

  const sync = async () => {
    if (!ready.current) return;
    if (!session.current.isLoggedIn) {
      forget();
      return;
    }
    try {
      const { data } = await browserApi().integrations.livechatToken();
      identify(data, session.current.profile);
    } catch {
      // The chat still works anonymously; the spec logs chat user updates to the console only.
      console.warn('live chat: the player could not be identified');
    }
  };

  useEffect(() => {
    if (!widget) return;
    return loadChatwoot(widget, locale, () => {
      ready.current = true;
      void sync();
    });
  }, [widget, locale]);

  useEffect(() => {
    void sync();
  }, [isLoggedIn, profile?.id]);

  return null;
}
