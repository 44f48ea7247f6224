/**
 * Telegram's own login page (oauth.telegram.org, where the server's redirect sends the Telegram button) returns
 * with the signed fields in the fragment, `#tgAuthResult=<base64url JSON>`, not in the query the widget uses.
 * They become the callback query the API verifies (decision 0069); anything unreadable gives none.
 */
export function telegramFields(hash: string): Record<string, string> {
  const match = /^#tgAuthResult=([A-Za-z0-9_=-]+)$/.exec(hash);
  if (!match) return {};
  try {
    const base64 = match[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const parsed = JSON.parse(atob(base64)) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
    }
    return out;
  } catch {
    return {};
  }
}
