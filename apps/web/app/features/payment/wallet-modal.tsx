import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { findCurrency, useCurrencies } from '../../shared/money/money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { usePaymentRegion, useWallet } from '../wallet/index.ts';
import { trackWallet } from './analytics.ts';
import { DepositPanel } from './deposit-panel.tsx';
import { MethodsSkeleton } from './methods-state.tsx';
import { shouldShowTurnOverWager, TURN_OVER_WAGER_ENABLED } from './turn-over-wager.ts';
import { setTurnOverWager } from './turn-over-wager-modal.tsx';
import { WithdrawPanel } from './withdraw-panel.tsx';
import './payment.css';

type Tab = 'deposit' | 'withdraw';
const TABS: readonly Tab[] = ['deposit', 'withdraw'];

/**
 * The wallet modal (`?wallet=deposit|withdraw`, spec §2/§4): deposit and withdraw tabs for the active
 * account, the payment region, and the turn-over-wager switch in place of a withdrawal when it applies.
 */
export function WalletModal({ type, titleId }: ModalProps) {
  const { t, locale } = useI18n();
  const modals = useModals();
  const wallet = useWallet();
  const currencies = useCurrencies();
  const { region } = usePaymentRegion();
  const tab: Tab = type === 'withdraw' ? 'withdraw' : 'deposit';
  const prefix = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const account = wallet.active;
  const currency = account ? findCurrency(currencies, account.currency) : null;

  useEffect(() => {
    trackWallet('open', { tab });
  }, [tab]);

  // The turnover still owed (api-contract §12), fetched when the wallet opens (decision 0066).
  const [owed, setOwed] = useState<number | null>(null);
  const owedCurrency = account?.currency;
  useEffect(() => {
    if (!owedCurrency) return;
    let live = true;
    browserApi()
      .turnOver.turnOverWager({ query: { currency: owedCurrency } })
      .then(
        ({ data }) => {
          if (!live) return;
          setTurnOverWager(data);
          setOwed(data.turnOverWagerAmount);
        },
        () => live && setOwed(null),
      );
    return () => {
      live = false;
    };
  }, [owedCurrency]);

  // The turnover block replaces a withdrawal (spec §4).
  const turnOver =
    tab === 'withdraw' &&
    shouldShowTurnOverWager({
      featureEnabled: TURN_OVER_WAGER_ENABLED,
      withdrawalBalance: account?.withdrawalBalance,
      turnOverWagerAmount: owed,
    });
  useEffect(() => {
    if (turnOver) modals.switchTo('wallet', 'turn-over-wager');
  }, [turnOver, modals]);

  const choose = (next: Tab) => {
    if (next !== tab) modals.open('wallet', next);
  };
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    choose(TABS[next]!);
    refs.current[next]?.focus();
  };
  // Without a geo country or a choice, the methods shown are those offered everywhere.
  const countryName = region ? regionName(region, locale) : t('global-components.payment.regionAny');

  return (
    <div className="payment-wallet">
      <h2 id={titleId}>{t('global-components.payment.title')}</h2>
      <div className="segmented" role="tablist" aria-label={t('global-components.payment.tabsLabel')}>
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${prefix}-${name}`}
            type="button"
            role="tab"
            aria-selected={name === tab}
            aria-controls={`${prefix}-panel`}
            tabIndex={name === tab ? 0 : -1}
            className="segmented__tab"
            onClick={() => choose(name)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(`global-components.payment.tabs.${name}`)}
          </button>
        ))}
      </div>
      <p className="payment-region">
        {t('global-components.payment.region', { country: countryName })}{' '}
        <button type="button" className="link-button" onClick={() => modals.open('wallet-region')}>
          {t('global-components.payment.changeRegion')}
        </button>
      </p>
      <div id={`${prefix}-panel`} role="tabpanel" aria-labelledby={`${prefix}-${tab}`}>
        {!account || !currency ? (
          wallet.isLoading || (account && !currency) ? (
            <MethodsSkeleton />
          ) : (
            <p className="payment-empty">{t('global-components.payment.noAccount')}</p>
          )
        ) : tab === 'deposit' ? (
          <DepositPanel key={account.id} account={account} currency={currency} />
        ) : (
          <WithdrawPanel key={account.id} account={account} currency={currency} />
        )}
      </div>
    </div>
  );
}

/** The region's name in the page language (Intl), its code when the runtime has no name for it. */
function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
