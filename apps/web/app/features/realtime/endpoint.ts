/** Where the socket lives (api-contract §14.1): same site, scheme following the page. */
export const REALTIME_PATH = '/api/connection/websocket';

/**
 * `ws(s)://host/api/connection/websocket`. The contract says the hostname without a port; this keeps
 * the port (location.host) so a site served on a non-default port (development, tests) reaches its
 * own socket. Behind the usual proxy on 80/443 `host` has no port, which is what the contract means.
 */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${REALTIME_PATH}`;
}
