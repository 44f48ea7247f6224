import { lazy, Suspense } from 'react';
import { useSession } from '../../shared/session/session.ts';
import { LiveChat } from '../livechat/index.ts';
import { RealtimeConnector } from '../realtime/index.ts';

const PlayerListeners = lazy(() => import('./player-listeners.tsx'));

/**
 * The shell's real-time layer, loaded by LiveLayer after hydration (decision 0074). A guest gets the
 * connection alone (pages subscribe to their public channels themselves); a player also gets the player
 * channels' listeners, in their own chunk, which opens the connection once they are mounted (decision
 * 0083). A new shell-wide listener on a player channel goes in `player-listeners.tsx`.
 */
export default function LiveListeners() {
  const { player } = useSession();
  return (
    <>
      {player?.id ? (
        <Suspense fallback={null}>
          <PlayerListeners />
        </Suspense>
      ) : (
        <RealtimeConnector />
      )}
      <LiveChat />
    </>
  );
}
