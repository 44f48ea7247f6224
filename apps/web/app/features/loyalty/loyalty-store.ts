import type { LoyaltyAccount } from '@croupier/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

// The signed-in player's loyalty account, shared by the /loyalty page, the level modal and the live
// listener: fetched once per session, then replaced by every `retention:accounts#` publication.

interface State {
  account: LoyaltyAccount | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

let state: State = { account: null, status: 'idle' };
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  for (const l of listeners) l();
};

/** A publication's account; answers the level order it replaced (null when none was known). */
export function receiveAccount(account: LoyaltyAccount): number | null {
  const before = state.account?.currentLevel.order ?? null;
  set({ account, status: 'ready' });
  return before;
}

export const resetAccount = () => set({ account: null, status: 'idle' });

async function load(): Promise<void> {
  set({ ...state, status: 'loading' });
  try {
    const { data } = await browserApi().retentionLoyalty.loyaltyAccount();
    set({ account: data, status: 'ready' });
  } catch {
    set({ ...state, status: 'failed' });
  }
}

/** The account (loaded on first use while signed in; dropped on sign-out). */
export function useLoyaltyAccount(): State {
  const { player } = useSession();
  const snapshot = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
  const playerId = player?.id ?? null;
  useEffect(() => {
    if (!playerId) {
      if (state.status !== 'idle') resetAccount();
      return;
    }
    if (state.status === 'idle' || (state.account && state.account.playerId !== playerId)) void load();
  }, [playerId]);
  return snapshot;
}
