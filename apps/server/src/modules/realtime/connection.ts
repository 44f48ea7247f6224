import { randomUUID } from 'node:crypto';
import {
  PublicChannel,
  RealtimeCommand,
  RealtimeDisconnect,
  type RealtimeDisconnectReason,
  RealtimeErrorCode,
  RealtimeEvent,
} from '@croupier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { HubClient, RealtimeHub } from './hub.ts';
import type { RealtimeLimits } from './limits.ts';
import { hasHistory, maySubscribe } from './permissions.ts';
import {
  isStaffChannel,
  type StaffAccess,
  type StaffCookie,
  type StaffCredential,
  type StaffIdentity,
  staffCredentialOf,
} from './staff.ts';
import type { TokenVerifier } from './tokens.ts';

export interface ConnectionDeps {
  hub: RealtimeHub;
  verifyToken: TokenVerifier;
  limits: RealtimeLimits;
  /** The last online count, handed to new `global:online` subscribers; null before the first one. */
  onlineCount: () => number | null;
  version: string;
  log: FastifyBaseLogger;
  /** Called once the socket is gone. */
  onClosed: (connection: Connection) => void;
  /** The newest publications of a channel that has a history (activity boards), newest first; none: 108. */
  history?: ChannelHistory;
  /** Staff connections (decision 0110); without it every connection is a player's or a guest's. */
  staff?: StaffAccess;
}

/** Up to `limit` publications' data of `channel`, newest first. */
export interface ChannelHistory {
  (channel: string, limit: number): Promise<unknown[]>;
  /**
   * A publication on `channel` reached this process: history read before it is stale. A client that
   * subscribes after the publication reads history for it; a cached answer without it would lose it.
   */
  published?(channel: string): void;
}

/** The most publications one `history` command answers. */
export const HISTORY_MAX = 50;

type ReplyError = { code: number; message: string; temporary?: boolean };

const errors = {
  internal: { code: RealtimeErrorCode.internal, message: 'internal server error', temporary: true },
  unauthorized: { code: RealtimeErrorCode.unauthorized, message: 'unauthorized' },
  permissionDenied: { code: RealtimeErrorCode.permissionDenied, message: 'permission denied' },
  methodNotFound: { code: RealtimeErrorCode.methodNotFound, message: 'method not found' },
  alreadySubscribed: { code: RealtimeErrorCode.alreadySubscribed, message: 'already subscribed' },
  limitExceeded: { code: RealtimeErrorCode.limitExceeded, message: 'limit exceeded' },
  notAvailable: { code: RealtimeErrorCode.notAvailable, message: 'not available' },
  // Temporary on refresh: the client retries with a new token instead of giving up.
  tokenExpired: { code: RealtimeErrorCode.tokenExpired, message: 'token expired', temporary: true },
} satisfies Record<string, ReplyError>;

const bufferOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/**
 * One websocket speaking Centrifuge's JSON protocol: commands are handled one at a time in arrival
 * order, replies carry the command's id, publications arrive as pushes from the hub.
 */
export class Connection implements HubClient {
  readonly client = randomUUID();
  user: string | null = null;
  session: string | null = null;
  /** The staff member of a staff connection (decision 0110): `user` stays null, so no player channel opens. */
  staff: StaffIdentity | null = null;
  private state: 'connecting' | 'connected' | 'closed' = 'connecting';
  private readonly subscriptions = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private bucket: number;
  private refilledAt = Date.now();
  private expiresAt: number | null = null;
  private readonly timers: { [key in 'connect' | 'ping' | 'pong' | 'expiry' | 'kill' | 'staff']?: NodeJS.Timeout } = {};

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: ConnectionDeps,
    /** The back-office cookie of the upgrade, read there because only the upgrade has the headers. */
    private readonly staffCookie: StaffCookie | null = null,
  ) {
    this.bucket = deps.limits.commandBurst;
    this.timers.connect = this.timer(deps.limits.connectTimeoutMs, () => this.disconnect(RealtimeDisconnect.stale));
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('close', () => this.closed());
    ws.on('error', (error) => deps.log.debug({ err: error }, 'realtime socket error'));
  }

  get channels(): ReadonlySet<string> {
    return this.subscriptions;
  }

  deliver(frame: string): void {
    if (this.state !== 'connected') return;
    // A peer that does not read would make us buffer every publication: drop it instead.
    if (this.ws.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      this.disconnect(RealtimeDisconnect.slow);
      return;
    }
    this.ws.send(frame);
  }

  /** Its session was closed (logout, closed from another device, password change): the socket ends now. */
  revoke(): void {
    this.disconnect(RealtimeDisconnect.invalidToken);
  }

  resync(): void {
    this.disconnect(RealtimeDisconnect.insufficientState);
  }

  /** Closes with a protocol code; the client reconnects or not according to the code's range. */
  disconnect(reason: RealtimeDisconnectReason): void {
    if (this.state === 'closed') return;
    this.closed();
    this.ws.close(reason.code, reason.reason);
    // A slow or dead peer may never answer the close handshake.
    this.timers.kill = this.timer(1000, () => this.ws.terminate());
  }

  private closed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const key of ['connect', 'ping', 'pong', 'expiry'] as const) clearTimeout(this.timers[key]);
    clearInterval(this.timers.ping);
    clearInterval(this.timers.staff);
    this.deps.hub.remove(this, this.subscriptions);
    this.deps.onClosed(this);
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private timer(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  }

  /** Token bucket: false when the connection sends commands faster than allowed. */
  private take(): boolean {
    const now = Date.now();
    const { commandBurst, commandsPerSecond } = this.deps.limits;
    this.bucket = Math.min(commandBurst, this.bucket + ((now - this.refilledAt) / 1000) * commandsPerSecond);
    this.refilledAt = now;
    if (this.bucket < 1) return false;
    this.bucket -= 1;
    return true;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    // Any frame proves the peer alive; the client's pong is an empty command.
    clearTimeout(this.timers.pong);
    if (isBinary) {
      this.disconnect(RealtimeDisconnect.badRequest);
      return;
    }
    for (const line of bufferOf(data).toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      if (!this.take()) {
        this.disconnect(RealtimeDisconnect.tooManyRequests);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        this.disconnect(RealtimeDisconnect.badRequest);
        return;
      }
      const command = RealtimeCommand.safeParse(json);
      if (!command.success) {
        this.disconnect(RealtimeDisconnect.badRequest);
        return;
      }
      if (Object.keys(command.data).length === 0) continue; // pong
      this.queue = this.queue
        .then(() => this.handle(command.data))
        .catch((error) => {
          this.deps.log.error({ err: error }, 'realtime command failed');
          this.disconnect(RealtimeDisconnect.serverError);
        });
    }
  }

  private send(reply: object): void {
    if (this.state === 'closed') return;
    this.ws.send(JSON.stringify(reply));
  }

  /** Answers a command with an error (typed `undefined` so handlers can `return this.fail(…)`). */
  private fail(id: number | undefined, error: ReplyError): undefined {
    if (id !== undefined) this.send({ id, error });
    return undefined;
  }

  private async handle(command: RealtimeCommand): Promise<void> {
    if (this.state === 'closed') return;
    const { id } = command;
    if (command.connect) return this.connect(id, command.connect.token, command.connect.name);
    // Nothing but connect is allowed before the connection is established.
    if (this.state !== 'connected') return this.disconnect(RealtimeDisconnect.badRequest);
    if (command.subscribe) return this.subscribe(id, command.subscribe.channel);
    if (command.unsubscribe) {
      this.subscriptions.delete(command.unsubscribe.channel);
      this.deps.hub.unsubscribe(this, command.unsubscribe.channel);
      if (id !== undefined) this.send({ id, unsubscribe: {} });
      return;
    }
    if (command.refresh) return this.refresh(id, command.refresh.token);
    if (command.ping) {
      if (id !== undefined) this.send({ id, ping: {} });
      return;
    }
    if (command.send) return; // asynchronous messages have no handler here
    if (command.publish) return this.fail(id, errors.permissionDenied);
    if (command.history) return this.history(id, command.history);
    if (command.presence || command.presence_stats) return this.fail(id, errors.notAvailable);
    this.fail(id, errors.methodNotFound);
  }

  private async connect(id: number | undefined, token: string | undefined, name: string | undefined): Promise<void> {
    if (this.state !== 'connecting') return this.disconnect(RealtimeDisconnect.badRequest);
    const staff = this.deps.staff ? staffCredentialOf(token, name, this.staffCookie) : null;
    if (staff) return this.connectStaff(id, staff);
    if (token) {
      let check: Awaited<ReturnType<TokenVerifier>>;
      try {
        check = await this.deps.verifyToken(token);
      } catch (error) {
        this.deps.log.error({ err: error }, 'realtime token check failed');
        return this.fail(id, errors.internal);
      }
      // The socket may have closed while the token was checked.
      if (this.isClosed()) return;
      if (!check.ok) {
        if (check.reason === 'expired') return this.fail(id, errors.tokenExpired);
        this.fail(id, errors.unauthorized);
        return this.disconnect(RealtimeDisconnect.invalidToken);
      }
      this.user = check.user;
      this.session = check.session;
      this.expiresAt = check.expiresAt;
    }
    this.established(id);
  }

  /**
   * A staff member's connection (decision 0110): no token expiry for the client to refresh (the cookie is out
   * of its reach), so the server checks the session again every `staffCheckMs` and ends the socket once it is
   * signed out, disabled, idle or expired; a closed session's socket also ends at once through `hub.revoke`.
   */
  private async connectStaff(id: number | undefined, credential: StaffCredential): Promise<void> {
    const access = this.deps.staff!;
    let identity: StaffIdentity | null = null;
    if (credential !== 'refused') {
      try {
        identity = await access.authenticate(credential.token, credential.via);
      } catch (error) {
        this.deps.log.error({ err: error }, 'realtime staff check failed');
        return this.fail(id, errors.internal);
      }
    }
    if (this.isClosed()) return;
    if (!identity) {
      this.fail(id, errors.unauthorized);
      return this.disconnect(RealtimeDisconnect.invalidToken);
    }
    this.staff = identity;
    this.session = identity.sessionId;
    this.established(id);
    this.timers.staff = setInterval(
      () => void this.recheckStaff(access, identity.sessionId),
      this.deps.limits.staffCheckMs,
    );
    this.timers.staff.unref();
  }

  private async recheckStaff(access: StaffAccess, sessionId: string): Promise<void> {
    let open: boolean;
    try {
      open = await access.isOpen(sessionId);
    } catch (error) {
      // The database is unreachable: the next check decides.
      this.deps.log.warn({ err: error }, 'realtime staff session check failed');
      return;
    }
    if (!open) this.revoke();
  }

  /** The connect reply, the hub's index and the pings: the connection is open. */
  private established(id: number | undefined): void {
    this.state = 'connected';
    clearTimeout(this.timers.connect);
    this.deps.hub.add(this);
    const ping = Math.max(1, Math.round(this.deps.limits.pingIntervalMs / 1000));
    this.send({
      id,
      connect: { client: this.client, version: this.deps.version, ping, pong: true, ...this.expiry() },
    });
    this.timers.ping = setInterval(() => this.ping(), ping * 1000);
    this.timers.ping.unref();
  }

  /** `expires`/`ttl` of connect and refresh replies, and the timer that ends an unrefreshed connection. */
  private expiry(): { expires?: true; ttl?: number } {
    clearTimeout(this.timers.expiry);
    if (this.expiresAt === null) return {};
    const left = this.expiresAt - Date.now();
    this.timers.expiry = this.timer(Math.max(0, left) + this.deps.limits.expiredGraceMs, () =>
      this.disconnect(RealtimeDisconnect.expired),
    );
    return { expires: true, ttl: Math.max(1, Math.ceil(left / 1000)) };
  }

  private ping(): void {
    if (this.state !== 'connected') return;
    this.deliver('{}');
    clearTimeout(this.timers.pong);
    this.timers.pong = this.timer(this.deps.limits.pongTimeoutMs, () => this.disconnect(RealtimeDisconnect.noPong));
  }

  private subscribe(id: number | undefined, channel: string): undefined {
    if (this.subscriptions.has(channel)) return this.fail(id, errors.alreadySubscribed);
    // `staff:*` only for a staff connection allowed it; every other channel by the players' rules.
    const allowed = isStaffChannel(channel)
      ? this.staff?.channels.includes(channel) === true
      : maySubscribe(channel, this.user);
    if (!allowed) return this.fail(id, errors.permissionDenied);
    if (this.subscriptions.size >= this.deps.limits.maxSubscriptions) return this.fail(id, errors.limitExceeded);
    this.subscriptions.add(channel);
    this.deps.hub.subscribe(this, channel);
    const count = channel === PublicChannel.online ? this.deps.onlineCount() : null;
    // The current count comes with the subscription, so a new page does not wait for the next change.
    const data = count === null ? {} : { data: { event: RealtimeEvent.onlineCount, count } };
    if (id !== undefined) this.send({ id, subscribe: data });
    return undefined;
  }

  /**
   * `history` of a subscribed channel that keeps one (the activity boards): the latest `limit` publications,
   * newest first with `reverse`, else oldest first. No stream positions: `since` is not available (108).
   */
  private async history(id: number | undefined, request: Record<string, unknown>): Promise<void> {
    const channel = typeof request.channel === 'string' ? request.channel : '';
    const history = this.deps.history;
    if (!history || !hasHistory(channel) || request.since) return this.fail(id, errors.notAvailable);
    // As Centrifugo's default: a channel's history is for its subscribers.
    if (!this.subscriptions.has(channel)) return this.fail(id, errors.permissionDenied);
    const asked = typeof request.limit === 'number' && Number.isInteger(request.limit) ? request.limit : 0;
    const limit = Math.min(Math.max(asked, 0), HISTORY_MAX);
    let items: unknown[] = [];
    if (limit > 0) {
      try {
        items = (await history(channel, limit)).slice(0, limit);
      } catch (error) {
        this.deps.log.error({ err: error, channel }, 'realtime history failed');
        return this.fail(id, errors.internal);
      }
    }
    if (this.isClosed() || id === undefined) return;
    if (request.reverse !== true) items.reverse();
    this.send({ id, history: { publications: items.map((data) => ({ data })), epoch: '', offset: 0 } });
  }

  private async refresh(id: number | undefined, token: string): Promise<void> {
    let check: Awaited<ReturnType<TokenVerifier>>;
    try {
      check = await this.deps.verifyToken(token);
    } catch (error) {
      this.deps.log.error({ err: error }, 'realtime token check failed');
      return this.fail(id, errors.internal);
    }
    if (this.state === 'closed') return;
    if (!check.ok && check.reason === 'expired') return this.fail(id, errors.tokenExpired);
    // A refresh cannot turn a guest into a player or one player into another.
    if (!check.ok || this.user === null || check.user !== this.user) {
      this.fail(id, errors.unauthorized);
      return this.disconnect(RealtimeDisconnect.invalidToken);
    }
    this.expiresAt = check.expiresAt;
    if (check.session !== this.session) {
      const from = this.session;
      this.session = check.session;
      this.deps.hub.rebind(this, from);
    }
    this.send({ id, refresh: { expires: true, ttl: this.expiry().ttl } });
  }
}
