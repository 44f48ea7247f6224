import { useId, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useModals } from '../../shared/modals/modal-host.tsx';
import { useEquivalentOf, useMoney } from '../../shared/money/use-money.ts';
import { useDisclosure } from '../../shared/ui/use-disclosure.ts';
import { AccountSwitchList } from './account-switch-list.tsx';
import { useWallet } from './wallet-context.tsx';
import './wallet.css';

/**
 * The logged-in header's wallet: the active account's balance (with its equivalent for crypto), a menu
 * to switch accounts, add a currency or pick the equivalent currency, and the Deposit button that opens
 * the wallet modal (`?wallet=deposit`).
 */
export function HeaderBalance() {
  const t = useT();
  const wallet = useWallet();
  const modals = useModals();
  const { format } = useMoney();
  const equivalentOf = useEquivalentOf();
  const { ref, open, setOpen } = useDisclosure();
  const menuId = useId();
  const [failed, setFailed] = useState(false);
  const active = wallet.active;

  if (!active) {
    return wallet.isLoading ? (
      <span className="wallet-balance__skeleton shimmer" role="status" aria-busy="true">
        <span className="visually-hidden">{t('global-components.common.loading')}</span>
      </span>
    ) : null;
  }

  const balance = format(active.balance, active.currency);
  const equivalent = equivalentOf(active);

  const switchTo = async (accountId: string) => {
    setFailed(false);
    try {
      if (accountId !== active.id) await wallet.switchTo(accountId);
      setOpen(false);
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="wallet-header">
      <div className="lang wallet-balance" ref={ref}>
        <button
          type="button"
          className="button button--ghost wallet-balance__button"
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t('global-components.wallet.balanceMenu', { balance })}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="wallet-balance__amount" data-testid="header-balance">
            {balance}
          </span>
          {equivalent && (
            <span className="wallet-balance__equivalent" data-testid="header-equivalent">
              ≈ {equivalent}
            </span>
          )}
          {!equivalent && active.bonusBalance > 0 && (
            <span className="wallet-balance__equivalent" data-testid="header-bonus">
              {t('global-components.wallet.bonusIncluded', { amount: format(active.bonusBalance, active.currency) })}
            </span>
          )}
        </button>
        {open && (
          <div id={menuId} className="lang__menu wallet-menu">
            <AccountSwitchList accounts={wallet.accounts} onSwitch={(id) => void switchTo(id)} />
            {failed && (
              <p className="field__error" role="alert">
                {t('global-components.wallet.switchFailed')}
              </p>
            )}
            <div className="wallet-menu__actions">
              <LocalLink to="/profile/wallet" className="lang__item" onClick={() => setOpen(false)}>
                {t('global-components.wallet.addCurrency')}
              </LocalLink>
              <button
                type="button"
                className="lang__item wallet-menu__action"
                onClick={() => {
                  setOpen(false);
                  modals.open('equivalent-currency');
                }}
              >
                {t('global-components.wallet.equivalentCurrency')}
              </button>
              <button
                type="button"
                className="lang__item wallet-menu__action"
                onClick={() => {
                  setOpen(false);
                  modals.open('wallet-bonus-info');
                }}
              >
                {t('global-components.wallet.balanceDetails')}
              </button>
            </div>
          </div>
        )}
      </div>
      <button
        type="button"
        className="button button--primary wallet-header__deposit"
        aria-label={t('global-components.wallet.deposit')}
        onClick={() => modals.open('wallet', 'deposit')}
      >
        <span className="wallet-header__deposit-label">{t('global-components.wallet.deposit')}</span>
        <span className="wallet-header__deposit-icon" aria-hidden="true">
          +
        </span>
      </button>
    </div>
  );
}
