import { type PlayerChannelName, playerChannel } from '@croupier/contracts';
import { useEffect, useRef } from 'react';
import { useSession } from '../../shared/session/session.ts';
import { useSubscriptionState } from './history.ts';
import { loadRealtime } from './load.ts';

/**
 * Subscribes while `channel` is set; the newest `onData` is called without subscribing again.
 * `onSubscribed` runs each time the subscription (re)starts: what was published while it was down
 * (before the first subscribe, or during a reconnect) never arrives, so state kept live by the channel
 * is fetched again then (decision 0084).
 */
function useChannel<T>(channel: string | null, onData: (data: T) => void, onSubscribed?: () => void): void {
  const handler = useRef(onData);
  handler.current = onData;
  const resync = useRef(onSubscribed);
  resync.current = onSubscribed;
  const state = useSubscriptionState(channel ?? '');
  useEffect(() => {
    if (channel && state === 'subscribed') resync.current?.();
  }, [channel, state]);
  useEffect(() => {
    if (!channel) return;
    // The client loads on first use; a component gone (or a channel changed) before that never subscribes.
    let ended = false;
    let release: (() => void) | undefined;
    loadRealtime()
      .then(({ getRealtime }) => {
        const realtime = ended ? null : getRealtime();
        release = realtime?.hub.acquire(channel, (data) => handler.current(data as T));
      })
      .catch((error: unknown) => console.warn('real-time client failed to load', error));
    return () => {
      ended = true;
      release?.();
    };
  }, [channel]);
}

/**
 * A player channel `${name}#${profileId}` (api-contract §14.2): subscribed only while logged in with
 * a profile id (spec §6), dropped on logout, shared by every component that asks for it.
 */
export function usePlayerChannel<T = { event: string }>(
  name: PlayerChannelName,
  onData: (data: T) => void,
  onSubscribed?: () => void,
): void {
  const { player } = useSession();
  useChannel(player?.id ? playerChannel(name, player.id) : null, onData, onSubscribed);
}

/** A channel anyone may subscribe to (guests included); `onSubscribed` as for a player channel. */
export function usePublicChannel<T>(name: string, onData: (data: T) => void, onSubscribed?: () => void): void {
  useChannel(name, onData, onSubscribed);
}
