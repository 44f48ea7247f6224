import { useEffect } from 'react';
import { getRealtime } from './client.ts';
import { useRealtimeState } from './realtime-store.ts';

/**
 * Connects once the app is mounted, as a guest or a player (api-contract §14.1), and mirrors the
 * connection state on <html data-realtime> for diagnostics and end-to-end tests. Renders nothing.
 */
export function RealtimeConnector() {
  const { connection } = useRealtimeState();
  useEffect(() => {
    getRealtime();
  }, []);
  useEffect(() => {
    document.documentElement.dataset.realtime = connection;
  }, [connection]);
  return null;
}
