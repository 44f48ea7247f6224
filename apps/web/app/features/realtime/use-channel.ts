import { type PlayerChannelName, playerChannel } from '@croupier/contracts';
import { useEffect, useRef } from 'react';
import { useSession } from '../../shared/session/session.ts';
import { getRealtime } from './client.ts';

/** Subscribes while `channel` is set; the newest `onData` is called without subscribing again. */
function useChannel<T>(channel: string | null, onData: (data: T) => void): void {
  const handler = useRef(onData);
  handler.current = onData;
  useEffect(() => {
    if (!channel) return;
    const realtime = getRealtime();
    if (!realtime) return;
    return realtime.hub.acquire(channel, (data) => handler.current(data as T));
  }, [channel]);
}

/**
 * A player channel `${name}#${profileId}` (api-contract §14.2): subscribed only while logged in with
 * a profile id (spec §6), dropped on logout, shared by every component that asks for it.
 */
export function usePlayerChannel<T = { event: string }>(name: PlayerChannelName, onData: (data: T) => void): void {
  const { player } = useSession();
  useChannel(player?.id ? playerChannel(name, player.id) : null, onData);
}

/** A channel anyone may subscribe to (guests included). */
export function usePublicChannel<T>(name: string, onData: (data: T) => void): void {
  useChannel(name, onData);
}
