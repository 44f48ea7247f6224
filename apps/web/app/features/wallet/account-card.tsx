import { type Account, AccountStatus } from '@croupier/contracts';
import { useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { realPart, useEquivalentOf, useMoney } from '../../shared/money/use-money.ts';
import { serverMessageOf } from './action-error.ts';

interface Props {
  account: Account;
  onSwitch: (id: string) => Promise<void>;
  onHide: (id: string) => Promise<void>;
}

/** One account on /profile/wallet: balance, real, bonus, withdrawable, equivalent; switch and hide. */
export function AccountCard({ account, onSwitch, onHide }: Props) {
  const t = useT();
  const { format, currencyOf } = useMoney();
  const equivalent = useEquivalentOf()(account);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isActive = account.status === AccountStatus.active;
  const name = currencyOf(account.currency)?.name;

  const run = async (action: (id: string) => Promise<void>, fallbackKey: string) => {
    setBusy(true);
    setError(null);
    try {
      await action(account.id);
    } catch (failure) {
      setError(serverMessageOf(failure) ?? t(fallbackKey));
    } finally {
      setBusy(false);
    }
  };

  const titleId = `wallet-account-${account.id}`;
  return (
    <li className="card wallet-account" data-currency={account.currency} aria-labelledby={titleId}>
      <div className="wallet-account__head">
        <h2 id={titleId} className="card__title">
          {account.currency}
          {name && <span className="muted"> · {name}</span>}
        </h2>
        {isActive && <span className="badge badge--success">{t('global-components.wallet.active')}</span>}
      </div>
      <p className="wallet-account__balance" data-testid="account-balance">
        {format(account.balance, account.currency)}
      </p>
      <dl className="wallet-account__parts">
        <div>
          <dt>{t('global-components.wallet.real')}</dt>
          <dd>{format(realPart(account), account.currency)}</dd>
        </div>
        <div>
          <dt>{t('global-components.wallet.bonus')}</dt>
          <dd>{format(account.bonusBalance, account.currency)}</dd>
        </div>
        <div>
          <dt>{t('global-components.wallet.withdrawable')}</dt>
          <dd>{format(account.withdrawalBalance, account.currency)}</dd>
        </div>
        {equivalent && (
          <div>
            <dt>{t('global-components.wallet.equivalent')}</dt>
            <dd data-testid="account-equivalent">≈ {equivalent}</dd>
          </div>
        )}
      </dl>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {!isActive && (
        <div className="wallet-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void run(onSwitch, 'global-components.wallet.switchFailed')}
          >
            {t('global-components.wallet.switch')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            aria-label={t('global-components.wallet.hideNamed', { currency: account.currency })}
            onClick={() => void run(onHide, 'global-components.wallet.hideFailed')}
          >
            {t('global-components.wallet.hide')}
          </button>
        </div>
      )}
    </li>
  );
}
