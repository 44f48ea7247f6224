import { type Account, AccountStatus } from '@croupier/contracts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { realPart, useEquivalentOf, useMoney } from '../../shared/money/use-money.ts';

/** The accounts of the header menu: balance, real and bonus parts, equivalent; choosing one switches to it. */
export function AccountSwitchList({ accounts, onSwitch }: { accounts: Account[]; onSwitch: (id: string) => void }) {
  const t = useT();
  const { format } = useMoney();
  const equivalentOf = useEquivalentOf();
  return (
    <ul className="wallet-menu__accounts" aria-label={t('global-components.wallet.accounts')}>
      {accounts.map((account) => {
        const isActive = account.status === AccountStatus.active;
        const equivalent = equivalentOf(account);
        return (
          <li key={account.id}>
            <button
              type="button"
              className="lang__item wallet-menu__account"
              aria-current={isActive ? 'true' : undefined}
              data-currency={account.currency}
              onClick={() => onSwitch(account.id)}
            >
              <span className="wallet-menu__head">
                <span className="wallet-menu__code">{account.currency}</span>
                <span className="wallet-menu__balance">{format(account.balance, account.currency)}</span>
              </span>
              <span className="wallet-menu__parts muted">
                {t('global-components.wallet.real')}: {format(realPart(account), account.currency)} ·{' '}
                {t('global-components.wallet.bonus')}: {format(account.bonusBalance, account.currency)}
              </span>
              {equivalent && <span className="wallet-menu__parts muted">≈ {equivalent}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
