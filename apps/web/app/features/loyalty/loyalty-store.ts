import type { LoyaltyAccount } from '@croupier/contracts';
import { createPlayerStore, type PlayerStoreState } from '../../shared/live/player-store.ts';
import { browserApi } from '../../shared/session/runtime.ts';

// The signed-in player's loyalty account, shared by the /loyalty page, the level modal and the live
// listener: fetched once per session, then replaced by every `retention:accounts#` publication.

const loyalty = createPlayerStore<LoyaltyAccount | null, LoyaltyAccount>({
  initial: null,
  load: async () => (await browserApi().retentionLoyalty.loyaltyAccount()).data,
});

/** A publication's account; answers the level order it replaced (null when none was known). */
export function receiveAccount(account: LoyaltyAccount): number | null {
  const before = loyalty.get().value?.currentLevel.order ?? null;
  loyalty.set(account);
  return before;
}

/** The account (loaded on first use while signed in; dropped on sign-out). */
export function useLoyaltyAccount(): { account: LoyaltyAccount | null; status: PlayerStoreState } {
  const { state, value } = loyalty.use();
  return { account: value, status: state };
}
