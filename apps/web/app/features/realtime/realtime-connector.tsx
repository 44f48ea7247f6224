import { useEffect } from 'react';
import { loadRealtime } from './load.ts';
import { useRealtimeState } from './realtime-store.ts';

/**
 * Connects once the app is mounted (loading the client first, after hydration), as a guest or a player
 * (api-contract §14.1), and mirrors the connection state on <html data-realtime> and the channels'
 * on <html data-realtime-channels> for diagnostics and end-to-end tests. Renders nothing.
 */
export function RealtimeConnector() {
  const { connection, subscriptions } = useRealtimeState();
  const states = Object.values(subscriptions);
  const channels = `${states.filter((state) => state === 'subscribed').length}/${states.length}`;
  useEffect(() => {
    loadRealtime()
      .then(({ getRealtime }) => getRealtime())
      .catch((error: unknown) => console.warn('real-time client failed to load', error));
  }, []);
  useEffect(() => {
    document.documentElement.dataset.realtime = connection;
  }, [connection]);
  // "subscribed/held": a test that needs a publication to arrive waits for every channel, not a sleep.
  useEffect(() => {
    document.documentElement.dataset.realtimeChannels = channels;
  }, [channels]);
  return null;
}
