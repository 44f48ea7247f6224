import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { RealtimeDisconnect } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { Config } from '../../config.ts';
import type { PlayerModule } from '../player/index.ts';
import { type ChannelHistory, Connection } from './connection.ts';
import { RealtimeHub } from './hub.ts';
import { defaultRealtimeLimits, type RealtimeLimits } from './limits.ts';
import { localOnline, OnlineCounter, type OnlineSource, redisOnline } from './online.ts';
import { CentrifugoPublisher, HubPublisher } from './publishers.ts';
import { RedisFanout } from './redis.ts';
import type { StaffAccess, StaffCookie } from './staff.ts';
import { playerTokenVerifier } from './tokens.ts';

export type { ChannelHistory } from './connection.ts';
export type { RealtimeLimits } from './limits.ts';
export { CentrifugoPublisher, HubPublisher } from './publishers.ts';
export { STAFF_CLIENT_NAME, type StaffAccess, type StaffCookie, type StaffIdentity } from './staff.ts';

/** Where the centrifuge client connects (api-contract §14.1). */
export const WEBSOCKET_PATH = '/api/connection/websocket';

export interface RealtimeState {
  hub: RealtimeHub;
  online: OnlineCounter;
  /** Open sockets, connected or not yet. */
  readonly sockets: number;
  /** Ends the sockets of these sessions (a player's or a staff member's), here and on every instance. */
  endSessions(sessionIds: string[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process websocket endpoint; null when Centrifugo serves the websockets. */
    realtime: RealtimeState | null;
  }
}

/**
 * Real time (docs/realtime.md): committed outbox events go to Centrifugo's HTTP API, or to this
 * process's websocket endpoint directly, or through Redis to the endpoint of every instance.
 */
export function registerRealtime(
  app: FastifyInstance,
  {
    config,
    player,
    limits: overrides = {},
    history,
    staff,
  }: {
    config: Config;
    player: PlayerModule;
    limits?: Partial<RealtimeLimits>;
    /** Where `history` of the activity boards is read (the game module's). */
    history?: ChannelHistory;
    /** Staff connections and the `staff:*` channels (decision 0110), from the staff module's face. */
    staff?: StaffAccess;
  },
): void {
  if (config.REALTIME_PUBLISHER === 'centrifugo') {
    // loadConfig guarantees both when Centrifugo is chosen.
    app.outbox.addPublisher(
      new CentrifugoPublisher({ apiUrl: config.CENTRIFUGO_API_URL ?? '', apiKey: config.CENTRIFUGO_API_KEY ?? '' }),
    );
    app.decorate('realtime', null);
    return;
  }
  const limits = { ...defaultRealtimeLimits, ...overrides };
  const hub = new RealtimeHub((channel) => history?.published?.(channel));
  let source: OnlineSource;
  // A closed session's sockets end at once here, and on every other instance through Redis.
  let revokeElsewhere: (sessionIds: string[]) => Promise<void> = async () => {};
  const endSessions = (sessionIds: string[]) => {
    hub.revoke(sessionIds);
    revokeElsewhere(sessionIds).catch((error) =>
      app.log.warn({ err: error, sessionIds }, 'could not tell other instances to end closed sessions'),
    );
  };
  player.onSessionsClosed(endSessions);
  if (config.REDIS_URL) {
    const fanout = new RedisFanout(config.REDIS_URL, config.REALTIME_REDIS_PREFIX, hub, app.log);
    revokeElsewhere = (sessionIds) => fanout.revoke(sessionIds);
    app.outbox.addPublisher(fanout);
    source = redisOnline(fanout.commands, `${config.REALTIME_REDIS_PREFIX}online`, hub, limits.onlineIntervalMs);
    app.addHook('onReady', () => fanout.start());
    app.addHook('onClose', () => fanout.close());
  } else {
    app.outbox.addPublisher(new HubPublisher(hub));
    source = localOnline(hub);
  }
  const online = new OnlineCounter(hub, source, limits.onlineIntervalMs, app.log);
  app.addHook('onReady', async () => online.start());

  const sockets = new Set<Connection>();
  const deps = {
    hub,
    limits,
    verifyToken: playerTokenVerifier(player),
    onlineCount: () => online.current,
    version: config.version,
    log: app.log,
    onClosed: (connection: Connection) => sockets.delete(connection),
    history,
    staff,
  };
  // No compression: publications are small, and zlib contexts cost memory per connection.
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });
  let closing = false;
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (request.url?.split('?')[0] !== WEBSOCKET_PATH) {
      // Someone else's upgrade (a dev server); with no other listener nobody would answer it.
      if (app.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    if (closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // The back-office cookie and its Origin are read here: later only the socket is left (decision 0110).
    let staffCookie: StaffCookie | null = null;
    try {
      staffCookie = staff?.cookieOf(request) ?? null;
    } catch (error) {
      // An upgrade listener must not throw: the socket is simply not a staff one.
      app.log.warn({ err: error }, 'could not read the back-office cookie of an upgrade');
    }
    server.handleUpgrade(request, socket, head, (ws) => sockets.add(new Connection(ws, deps, staffCookie)));
  };
  app.server.on('upgrade', onUpgrade);

  app.decorate('realtime', {
    hub,
    online,
    get sockets() {
      return sockets.size;
    },
    endSessions,
  });
  // Before the HTTP server closes: it would otherwise wait for every websocket to end by itself.
  app.addHook('preClose', async () => {
    closing = true;
    for (const connection of [...sockets]) connection.disconnect(RealtimeDisconnect.shutdown);
  });
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await online.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
