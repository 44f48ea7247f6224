import { AccountBalanceUpdated, PlayerChannel } from '@croupier/contracts';
import { usePlayerChannel } from '../realtime/index.ts';
import { useWallet } from './wallet-context.tsx';

/**
 * Keeps balances live (api-contract §7, §14.2): an `account.balance.updated` publication on
 * `wallet:accounts#{id}` replaces the account with the same id. Balances are never re-fetched after
 * rounds or deposits, only when the channel (re)subscribes. Rendered inside the shell, below the real-time connection.
 */
export function WalletLiveUpdates() {
  const { replace, reload } = useWallet();
  usePlayerChannel(
    PlayerChannel.walletAccounts,
    (data: unknown) => {
      const update = AccountBalanceUpdated.safeParse(data);
      if (update.success) replace(update.data.account);
    },
    // Rounds and deposits settled while the channel was down are only in a fresh list (decision 0084).
    () => void reload().catch(() => {}),
  );
  return null;
}
