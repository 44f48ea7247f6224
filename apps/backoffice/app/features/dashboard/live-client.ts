import { type DashboardTiles, PublicChannel, RealtimeTimings, StaffChannel } from '@croupier/contracts';
import type { Centrifuge, Subscription } from 'centrifuge';

/** The hub's socket (api-contract §14.1), on the page's own host: the upgrade carries the staff cookie. */
export const REALTIME_PATH = '/api/connection/websocket';

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
}

/** What the dashboard shows of its socket: `live` turns the polling off (use-dashboard-live.ts). */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface LiveEvents {
  onState(state: LiveState): void;
  /** A tile moved (`dashboard.changed`), or the channel was subscribed (again): read the tiles again. */
  onChanged(): void;
  /** Players online now (`global:online`). */
  onOnline(count: number): void;
  /** The server ended the socket for good (session closed, account disabled: 3500, or 101 at connect). */
  onEnded(): void;
}

/** Centrifuge's own code for a refused connect (101), and the server's codes that mean "do not come back". */
const UNAUTHORIZED = 1;
const FIRST_TERMINAL_CODE = 3500;

/** `global:online` carries `{ event: 'online.count', count }`, on subscribe too. */
const countOf = (data: unknown): number | null => {
  const count = (data as { count?: unknown } | null | undefined)?.count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
};

/** The cached tiles with a new players-online figure; nothing to change before the first read. */
export const withPlayersOnline = (tiles: DashboardTiles | undefined, count: number): DashboardTiles | undefined =>
  tiles && tiles.playersOnline !== count ? { ...tiles, playersOnline: count } : tiles;

/**
 * The back office's connection to the real-time hub (decision 0110): no token — the server signs it in by the
 * HttpOnly cookie of the upgrade when the client names itself `backoffice` and the Origin is the back office's.
 * Subscribes to `staff:dashboard` and `global:online`. The SDK reconnects with back-off, except after a
 * terminal close (a 35xx), which means the session has ended. The SDK (some 100 kB) loads in a chunk of its
 * own, so the tiles show (polled) before it arrives.
 */
export function connectDashboard(url: string, events: LiveEvents): { close(): void } {
  let client: Centrifuge | null = null;
  let closed = false;
  import('centrifuge').then(
    ({ Centrifuge }) => {
      if (closed) return;
      client = new Centrifuge(url, {
        name: 'backoffice',
        minReconnectDelay: RealtimeTimings.minReconnectDelay,
        maxReconnectDelay: RealtimeTimings.maxReconnectDelay,
        timeout: RealtimeTimings.timeout,
        maxServerPingDelay: RealtimeTimings.maxServerPingDelay,
      });
      listen(client, events, () => closed);
      client.connect();
    },
    (error: unknown) => {
      // No SDK (a stale tab after a deployment): the tiles stay polled.
      console.warn('real-time client did not load', error);
      if (!closed) events.onState('offline');
    },
  );

  return {
    close() {
      if (closed) return;
      closed = true;
      client?.disconnect();
      client?.removeAllListeners();
    },
  };
}

/** The connection's and the two channels' handlers. */
function listen(client: Centrifuge, events: LiveEvents, isClosed: () => boolean): void {
  let wasLive = false;
  client.on('connecting', () => events.onState(wasLive ? 'reconnecting' : 'connecting'));
  client.on('connected', () => {
    wasLive = true;
    events.onState('live');
  });
  client.on('disconnected', (ctx) => {
    events.onState('offline');
    if (!isClosed() && (ctx.code === UNAUTHORIZED || ctx.code >= FIRST_TERMINAL_CODE)) events.onEnded();
  });
  // Timeouts and closed transports: the SDK retries; the polling covers the gap.
  client.on('error', (ctx) => console.warn('real-time error', ctx.type, ctx.error));

  const subscribe = (channel: string, handlers: (sub: Subscription) => void) => {
    const sub = client.newSubscription(channel, {
      minResubscribeDelay: RealtimeTimings.minResubscribeDelay,
      maxResubscribeDelay: RealtimeTimings.maxResubscribeDelay,
    });
    handlers(sub);
    sub.on('error', (ctx) => console.warn('real-time subscription error', ctx.channel, ctx.error));
    sub.subscribe();
  };
  subscribe(StaffChannel.dashboard, (sub) => {
    // Whatever moved while not subscribed was not announced: read once on every (re)subscription.
    sub.on('subscribed', () => events.onChanged());
    sub.on('publication', () => events.onChanged());
  });
  subscribe(PublicChannel.online, (sub) => {
    const online = (data: unknown) => {
      const count = countOf(data);
      if (count !== null) events.onOnline(count);
    };
    sub.on('subscribed', (ctx) => online(ctx.data));
    sub.on('publication', (ctx) => online(ctx.data));
  });
}
