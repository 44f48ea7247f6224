import type { Wheel } from '@croupier/contracts';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

// The running wheels with the player's spins (api-contract §11.4). A `wheel.spin.issued` publication or a
// 10003 answer bumps the version, which reloads them.

let version = 0;
const listeners = new Set<() => void>();
export function reloadWheels(): void {
  version += 1;
  for (const l of listeners) l();
}
const useVersion = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
    () => version,
  );

export function useWheels(): { wheels: Wheel[] | null; failed: boolean; replace: (wheel: Wheel) => void } {
  const { player } = useSession();
  const v = useVersion();
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
