// Players over the real player API and the real `centrifuge` client, through HAProxy: seated with the demo's
// development credit and a launch token for the provider, reading their accounts and history while they play,
// each with a socket on its balance channel that records every publication and, on every (re)subscribe, fetches
// the accounts again as the web app does (decision 0084).
import { RealtimeTimings } from '@croupier/contracts';
import { Centrifuge } from 'centrifuge';
import WebSocket from 'ws';
import { now, origin, sleep, wsUrl } from './cluster.ts';
import type { Seat } from './provider.ts';
import { statusKind, type Tally, transportKind } from './tally.ts';

export const CREDIT_CENTS = 1_000_000;

/** What one socket saw: balances (cents) in arrival order, snapshots after each subscribe, its connections. */
export interface SocketLog {
  published: { at: number; cents: number }[];
  snapshots: { at: number; cents: number }[];
  connects: number[];
  disconnects: number[];
}

export interface LoadPlayer extends Seat {
  accessToken: string;
  socket?: { client: Centrifuge; log: SocketLog };
}

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`POST ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

const centsOf = (major: string) => Math.round(Number(major) * 100);

async function accountBalance(accessToken: string, accountId: string): Promise<number> {
  const res = await fetch(`${origin}/api/wallet/accounts`, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { data: { id: string; balance: string }[] };
  if (!res.ok) throw new Error(`accounts → ${res.status}`);
  return centsOf(json.data.find((a) => a.id === accountId)!.balance);
}

/** A new player through HAProxy, from an address of its own (the per-address throttles stay out of the way). */
export async function registerPlayer(n: number, runId: string): Promise<{ accessToken: string; playerId: string }> {
  const ip = `10.31.${(n >> 7) & 255}.${(n & 127) + 1}`;
  const registered = await post<{ accessToken: string; profile: { id: string } }>(
    '/api/player/register',
    {
      email: `lg-${runId}-${n}@example.com`,
      password: 'cluster-pass-1',
      currency: 'EUR',
      country: 'DE',
      agreements: 1,
      receiveEmailPromo: 0,
      receiveSmsPromo: 0,
      locale: 'en',
      fingerprint: 'cluster',
      referralCode: '',
    },
    { 'cf-connecting-ip': ip },
  );
  return { accessToken: registered.accessToken, playerId: registered.profile.id };
}

/** A registered player with the credit and a launch token of the provider's game. */
export async function seatPlayer(n: number, runId: string, providerId: string, gameId: string): Promise<LoadPlayer> {
  const registered = await registerPlayer(n, runId);
  const { playerId } = registered;
  const account = await post<{ id: string }>('/api/dev/wallet/credit', {
    playerId,
    currency: 'EUR',
    amount: CREDIT_CENTS / 100,
  });
  const launched = await post<{ token: string; accountId: string }>('/api/dev/seamless/launch-token', {
    playerId,
    currency: 'EUR',
    providerId,
    gameId,
    ttlSeconds: 6 * 3600,
  });
  return {
    playerId,
    accountId: launched.accountId ?? account.id,
    token: launched.token,
    accessToken: registered.accessToken,
  };
}

/** The player's socket on `wallet:accounts#id`, connected and subscribed before it resolves. */
export async function connectSocket(player: LoadPlayer): Promise<void> {
  const log: SocketLog = { published: [], snapshots: [], connects: [], disconnects: [] };
  const client = new Centrifuge(wsUrl, {
    websocket: WebSocket,
    token: player.accessToken,
    minReconnectDelay: RealtimeTimings.minReconnectDelay,
    maxReconnectDelay: RealtimeTimings.maxReconnectDelay,
    timeout: RealtimeTimings.timeout,
    maxServerPingDelay: RealtimeTimings.maxServerPingDelay,
  });
  client.on('connected', () => log.connects.push(now()));
  client.on('disconnected', () => log.disconnects.push(now()));
  client.on('connecting', (ctx) => {
    if (log.connects.length > log.disconnects.length && ctx.code !== 0) log.disconnects.push(now());
  });
  const subscription = client.newSubscription(`wallet:accounts#${player.playerId}`);
  subscription.on('publication', (ctx) => {
    const data = ctx.data as { event: string; account?: { id: string; balance: string } };
    if (data.account?.id === player.accountId) log.published.push({ at: now(), cents: centsOf(data.account.balance) });
  });
  // The resync of decision 0084: the state is fetched again on every subscribe, first or after a reconnect.
  subscription.on('subscribed', () => {
    const at = now();
    void accountBalance(player.accessToken, player.accountId).then(
      (cents) => log.snapshots.push({ at, cents }),
      () => {},
    );
  });
  const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
  subscription.subscribe();
  client.connect();
  await subscribed;
  player.socket = { client, log };
}

/** The player's own reads while playing: accounts and game history, every ~500 ms, until stopped. */
export function browse(player: LoadPlayer, tally: Tally, running: () => boolean): Promise<void> {
  const paths = ['/api/wallet/accounts', '/api/game/bets?page=1&perPage=10'];
  return (async () => {
    for (let i = 0; running(); i++) {
      try {
        const res = await fetch(`${origin}${paths[i % paths.length]}`, {
          headers: { authorization: `Bearer ${player.accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        });
        const text = await res.text();
        if (res.ok) tally.ok();
        else tally.error(statusKind(res.status, text));
      } catch (error) {
        tally.error(transportKind(error));
      }
      await sleep(400 + Math.random() * 200);
    }
  })();
}
