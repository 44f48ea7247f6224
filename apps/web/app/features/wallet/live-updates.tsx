import { AccountBalanceUpdated, PlayerChannel } from '@croupier/contracts';
import { usePlayerChannel } from '../realtime/index.ts';
import { useWallet } from './wallet-context.tsx';

/**
 * Keeps balances live (api-contract §7, §14.2): an `account.balance.updated` publication on
 * `wallet:accounts#{id}` replaces the account with the same id. Balances are never re-fetched after
 * rounds or deposits. Rendered inside the shell, below the real-time connection.
 */
export function WalletLiveUpdates() {
  const { replace } = useWallet();
  usePlayerChannel(PlayerChannel.walletAccounts, (data: unknown) => {
    const update = AccountBalanceUpdated.safeParse(data);
    if (update.success) replace(update.data.account);
  });
  return null;
}
