import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/modal-host.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { AccountCard } from './account-card.tsx';
import { AddAccount } from './add-account.tsx';
import { useWallet } from './wallet-context.tsx';
import './wallet.css';

/**
 * /profile/wallet (spec §1 Wallet, api-contract §7): the player's accounts with their parts, switching,
 * hiding (never the active one: the server refuses and says why), adding a currency, and the two local
 * preferences (equivalent currency, payment region).
 */
export function WalletPage() {
  const t = useT();
  const wallet = useWallet();
  const modals = useModals();

  if (wallet.isLoading && wallet.accounts.length === 0) return <Skeleton lines={6} />;
  // Every player holds at least one account: an empty list after loading means the load failed.
  if (wallet.accounts.length === 0) {
    return (
      <div className="stack">
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
        <button type="button" className="button button--ghost" onClick={() => void wallet.reload().catch(() => {})}>
          {t('global-components.common.retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="stack">
      <p className="muted">{t('global-components.wallet.intro')}</p>
      <div className="wallet-actions">
        <button type="button" className="button button--ghost" onClick={() => modals.open('equivalent-currency')}>
          {t('global-components.wallet.equivalentCurrency')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => modals.open('wallet-region')}>
          {t('global-components.wallet.paymentRegion')}
        </button>
      </div>
      <ul className="wallet-accounts" aria-label={t('global-components.wallet.accounts')}>
        {wallet.accounts.map((account) => (
          <AccountCard key={account.id} account={account} onSwitch={wallet.switchTo} onHide={wallet.hide} />
        ))}
      </ul>
      <AddAccount accounts={wallet.accounts} onCreate={wallet.create} />
    </div>
  );
}
