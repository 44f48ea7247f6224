import type { LiveChatToken, LiveChatWidget, Profile } from '@croupier/contracts';

// Chatwoot's website widget (decision 0068): its SDK from the installation's origin, run with the inbox's
// website token; a signed-in player is named with the identity the API signed (identifier + identifier_hash).

interface ChatwootSdk {
  run(options: { websiteToken: string; baseUrl: string }): void;
}
interface ChatwootApi {
  setUser(identifier: string, user: { identifier_hash: string; email?: string; name?: string }): void;
  reset(): void;
}
declare global {
  interface Window {
    chatwootSDK?: ChatwootSdk;
    $chatwoot?: ChatwootApi;
    chatwootSettings?: Record<string, unknown>;
  }
}

const SCRIPT_ID = 'chatwoot-sdk';

/** Adds the SDK script once and runs it when it has loaded; `onReady` runs when the widget says it is ready. */
export function loadChatwoot(widget: LiveChatWidget, locale: string, onReady: () => void): () => void {
  window.addEventListener('chatwoot:ready', onReady);
  const stop = () => window.removeEventListener('chatwoot:ready', onReady);
  if (document.getElementById(SCRIPT_ID)) return stop;
  window.chatwootSettings = { locale: locale.replace('-', '_'), position: 'right' };
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `${widget.baseUrl}/packs/js/sdk.js`;
  script.onload = () => window.chatwootSDK?.run({ websiteToken: widget.websiteToken, baseUrl: widget.baseUrl });
  document.body.appendChild(script);
  return stop;
}

/** Names the player in the widget with the server-signed identity. */
export function identify(token: LiveChatToken, profile: Profile | null): void {
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ') || profile?.nickname || undefined;
  window.$chatwoot?.setUser(token.entityId, {
    identifier_hash: token.accessToken,
    ...(profile?.email ? { email: profile.email } : {}),
    ...(name ? { name } : {}),
  });
}

export function forget(): void {
  window.$chatwoot?.reset();
}
