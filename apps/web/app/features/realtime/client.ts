import { RealtimeTimings } from '@croupier/contracts';
import { Centrifuge, type Subscription } from 'centrifuge';
import { readAccessToken } from '../../shared/session/cookie.ts';
import { freshToken } from '../../shared/session/runtime.ts';
import { onSessionChange } from '../../shared/session/session-signal.ts';
import { sessionIdOf } from '../../shared/session/token.ts';
import { type ChannelHub, type ChannelSource, createChannelHub } from './channel-hub.ts';
import { realtimeUrl } from './endpoint.ts';
import { type ConnectionState, realtimeStore, type SubscriptionState } from './realtime-store.ts';

interface Realtime {
  client: Centrifuge;
  hub: ChannelHub;
  /** Whose connection this is: the session id of the token, or 'guest'. */
  identity: string;
}

let realtime: Realtime | null = null;

const currentIdentity = () => sessionIdOf(readAccessToken()) ?? 'guest';

/**
 * The same access token as HTTP (api-contract §14.1), refreshed first through the session machine
 * when expired; '' makes an anonymous (guest) connection. A failed refresh has already logged out.
 */
async function getToken(): Promise<string> {
  return (await freshToken()) ?? '';
}

function centrifugeSource(client: Centrifuge): ChannelSource {
  return {
    open(channel, events) {
      const sub: Subscription =
        client.getSubscription(channel) ??
        client.newSubscription(channel, {
          minResubscribeDelay: RealtimeTimings.minResubscribeDelay,
          maxResubscribeDelay: RealtimeTimings.maxResubscribeDelay,
        });
      sub.on('state', (ctx) => events.onState(String(ctx.newState) as SubscriptionState));
      sub.on('publication', (ctx) => events.onPublication(ctx.data));
      // Spec §8 real-time client errors (permission, timeout, …): the SDK retries; nothing to show.
      sub.on('error', (ctx) => console.warn('real-time subscription error', ctx.channel, ctx.error));
      sub.subscribe();
      return {
        close() {
          sub.removeAllListeners();
          sub.unsubscribe();
          client.removeSubscription(sub);
        },
      };
    },
  };
}

function create(): Realtime {
  const client = new Centrifuge(realtimeUrl(window.location), {
    getToken,
    minReconnectDelay: RealtimeTimings.minReconnectDelay,
    maxReconnectDelay: RealtimeTimings.maxReconnectDelay,
    timeout: RealtimeTimings.timeout,
    maxServerPingDelay: RealtimeTimings.maxServerPingDelay,
  });
  client.on('state', (ctx) => realtimeStore.setConnection(String(ctx.newState) as ConnectionState));
  // Timeouts, closed transports, token failures (spec §8): the SDK reconnects with back-off.
  client.on('error', (ctx) => console.warn('real-time error', ctx.type, ctx.error));
  // Token refresh retries (5–10 s) and subscription refresh retries (10–20 s) are the SDK's own
  // back-off, equal to RealtimeTimings; getToken never rejects: a failed refresh logs out instead.
  return { client, hub: createChannelHub(centrifugeSource(client), realtimeStore), identity: currentIdentity() };
}

/** The browser's one connection, created and connected on first use; never during SSR. */
export function getRealtime(): Realtime | null {
  if (typeof window === 'undefined') return null;
  if (!realtime) {
    realtime = create();
    realtime.client.connect();
  }
  return realtime;
}

/**
 * After a login or logout (spec §4): reconnect with the new identity. On logout the player channels are
 * dropped after the old connection is closed and before the guest one opens: the server may already be
 * closing the socket of the ended session, and an unsubscribe sent on a closing socket is an error; the
 * guest connection never asks for them. Components subscribe again with the next profile id. The first
 * load's session start finds the identity unchanged and does nothing.
 */
export function onRealtimeSessionChanged(): void {
  if (!realtime) return;
  const identity = currentIdentity();
  if (identity === realtime.identity) return;
  realtime.identity = identity;
  realtime.client.disconnect();
  if (identity === 'guest') realtime.hub.drop((channel) => channel.includes('#'));
  realtime.client.setToken('');
  realtime.client.connect();
}

// A login or logout in this tab: player channels end and the socket reconnects with the new identity.
onSessionChange(() => onRealtimeSessionChanged());
