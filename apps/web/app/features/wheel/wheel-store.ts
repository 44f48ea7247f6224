import type { Wheel } from '@croupier/contracts';
import { useCallback, useEffect, useState } from 'react';
import { createLiveValue } from '../../shared/live/live-value.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

// The running wheels with the player's spins (api-contract §11.4), shown to guests too. A
// `wheel.spin.issued` publication or a 10003 answer bumps the version, which reloads them. The list
// itself is each panel's own, fetched on every mount: a daily spin due since the last visit shows.

const version = createLiveValue(0);
export const reloadWheels = (): void => version.set(version.get() + 1);

export function useWheels(): { wheels: Wheel[] | null; failed: boolean; replace: (wheel: Wheel) => void } {
  const { player } = useSession();
  const v = version.use();
  const [wheels, setWheels] = useState<Wheel[] | null>(null);
  const [failed, setFailed] = useState(false);
  const playerId = player?.id ?? null;
  useEffect(() => {
    let gone = false;
    browserApi()
      .retentionWheel.wheels({ query: { state: [2, 3] } })
      .then((res) => {
        if (!gone) {
          setWheels(res.data);
          setFailed(false);
        }
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
    };
    // A new session or a new version reloads (the player's spins change with both).
  }, [playerId, v]);
  const replace = useCallback(
    (wheel: Wheel) => setWheels((list) => list?.map((w) => (w.id === wheel.id ? wheel : w)) ?? null),
    [],
  );
  return { wheels, failed, replace };
}
