import type { ApiClient, PlayerInit } from '@croupier/contracts';

/**
 * `/api/player/init` once per page request (issue 15): the root loader, the lobby and the locale of a
 * never-prefixed page all need the visitor's geo, and React Router runs their loaders side by side.
 * The host makes one API client per request (apps/server/src/site/plugin.ts), so the client is the
 * request's key; the answer goes when the request's client is collected.
 */
const perRequest = new WeakMap<ApiClient, Promise<PlayerInit>>();

export function playerInitOf(api: ApiClient): Promise<PlayerInit> {
  let answer = perRequest.get(api);
  if (!answer) {
    answer = api.settings.playerInit().then((r) => r.data);
    perRequest.set(api, answer);
  }
  return answer;
}
