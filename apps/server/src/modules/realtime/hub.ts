import { FAMILY_ONLY, FAMILY_WILDCARD, PublicChannelFamily } from '@croupier/contracts';
import { RecentIds } from './recent-ids.ts';

/** A connection as the hub sees it. */
export interface HubClient {
  /** Player id of the connection's token, null for a guest. */
  readonly user: string | null;
  /** Session of the connection's token, null for a guest: closing it ends the connection (revoke). */
  readonly session: string | null;
  /** Ends the connection because its session was closed. */
  revoke(): void;
  /** Ends the connection with a reconnect advice: publications may have been missed, the client fetches again. */
  resync(): void;
  /** Writes one already-encoded frame (or drops the connection if it cannot keep up). */
  deliver(frame: string): void;
}

/** The protocol's push of a publication: what the centrifuge client turns into a `publication` event. */
export const pushFrame = (channel: string, data: unknown): string =>
  JSON.stringify({ push: { channel, pub: { data } } });

/**
 * This process's sockets by channel. Publications reach it from the outbox (in-process) or from Redis
 * (every instance), and it writes them to the local subscribers, encoding each publication once.
 */
export class RealtimeHub {
  /** Told of every publication this process delivers, subscribers or not (the boards' history cache). */
  constructor(private readonly onPublished?: (channel: string) => void) {}

  private readonly channels = new Map<string, Set<HubClient>>();
  private readonly clients = new Set<HubClient>();
  /** Connections per logged-in player, for the online count. */
  private readonly users = new Map<string, number>();
  /** Connections per session, so a closed session's sockets end at once (docs/decisions/0033). */
  private readonly sessions = new Map<string, Set<HubClient>>();
  /** Subscribed channels of the live-winners family by prefix (`game:winners:desktop:` → its countries' channels). */
  private readonly families = new Map<string, Set<string>>();
  private readonly recent = new RecentIds();

  add(client: HubClient): void {
    this.clients.add(client);
    if (client.user) this.users.set(client.user, (this.users.get(client.user) ?? 0) + 1);
    this.bind(client, client.session);
  }

  /** Moves a connection to the session of its refreshed token. */
  rebind(client: HubClient, from: string | null): void {
    this.unbind(client, from);
    this.bind(client, client.session);
  }

  /** Ends this process's connections of the given sessions; answers how many. */
  revoke(sessionIds: Iterable<string>): number {
    let ended = 0;
    for (const id of sessionIds) {
      for (const client of [...(this.sessions.get(id) ?? [])]) {
        client.revoke();
        ended++;
      }
    }
    return ended;
  }

  /** Tells every connection of this process to reconnect and fetch its state again; answers how many. */
  resyncAll(): number {
    const all = [...this.clients];
    for (const client of all) client.resync();
    return all.length;
  }

  private bind(client: HubClient, session: string | null): void {
    if (!session) return;
    const set = this.sessions.get(session) ?? new Set();
    set.add(client);
    this.sessions.set(session, set);
  }

  private unbind(client: HubClient, session: string | null): void {
    const set = session ? this.sessions.get(session) : undefined;
    if (!set || !session) return;
    set.delete(client);
    if (set.size === 0) this.sessions.delete(session);
  }

  /** Forgets a connection and its subscriptions. */
  remove(client: HubClient, channels: Iterable<string>): void {
    if (!this.clients.delete(client)) return;
    for (const channel of channels) this.unsubscribe(client, channel);
    this.unbind(client, client.session);
    if (client.user) {
      const left = (this.users.get(client.user) ?? 1) - 1;
      if (left > 0) this.users.set(client.user, left);
      else this.users.delete(client.user);
    }
  }

  subscribe(client: HubClient, channel: string): void {
    const set = this.channels.get(channel) ?? new Set();
    set.add(client);
    this.channels.set(channel, set);
    const family = familyOf(channel);
    if (family) this.families.set(family, (this.families.get(family) ?? new Set()).add(channel));
  }

  unsubscribe(client: HubClient, channel: string): void {
    const set = this.channels.get(channel);
    if (!set) return;
    set.delete(client);
    if (set.size > 0) return;
    this.channels.delete(channel);
    const family = familyOf(channel);
    const members = family ? this.families.get(family) : undefined;
    members?.delete(channel);
    if (family && members?.size === 0) this.families.delete(family);
  }

  /**
   * Writes a publication to this process's subscribers of `channel`; answers how many got it. A family
   * publication (`game:winners:desktop:*`) goes to every subscribed channel of the family, or only to the
   * suffixes its `$only` lists, without that key.
   */
  deliver(channel: string, data: unknown): number {
    this.onPublished?.(channel);
    if (channel.endsWith(FAMILY_WILDCARD)) return this.deliverToFamily(channel.slice(0, -1), data);
    return this.deliverTo(channel, data);
  }

  /** `deliver` for an outbox event: a repeat of an id delivered lately is dropped (at-least-once → once). */
  deliverEvent(id: string, channel: string, data: unknown): number {
    return this.recent.first(id) ? this.deliver(channel, data) : 0;
  }

  private deliverToFamily(prefix: string, data: unknown): number {
    const { [FAMILY_ONLY]: only, ...rest } = (data ?? {}) as Record<string, unknown>;
    const allowed = Array.isArray(only) ? new Set(only) : null;
    let delivered = 0;
    for (const channel of [...(this.families.get(prefix) ?? [])]) {
      if (allowed && !allowed.has(channel.slice(prefix.length))) continue;
      delivered += this.deliverTo(channel, rest);
    }
    return delivered;
  }

  private deliverTo(channel: string, data: unknown): number {
    const set = this.channels.get(channel);
    if (!set) return 0;
    const frame = pushFrame(channel, data);
    // A copy: a slow consumer dropped during the loop leaves the set.
    for (const client of [...set]) client.deliver(frame);
    return set.size;
  }

  /** Distinct logged-in players connected to this process. */
  localUsers(): IterableIterator<string> {
    return this.users.keys();
  }

  get localUserCount(): number {
    return this.users.size;
  }

  get connections(): number {
    return this.clients.size;
  }
}

/** `game:winners:desktop:DE` → `game:winners:desktop:`; null for a channel of no family. */
function familyOf(channel: string): string | null {
  if (!channel.startsWith(PublicChannelFamily.winners)) return null;
  return channel.slice(0, channel.lastIndexOf(':') + 1);
}
