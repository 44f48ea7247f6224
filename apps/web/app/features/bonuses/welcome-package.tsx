import type { Bonus } from '@croupier/contracts';
import { useEffect, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useMoney } from '../../shared/money/use-money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/page.tsx';
import { useWallet } from '../wallet/index.ts';
import { type OfferOption, offerOptions } from './bonus-rules.ts';
import './bonuses.css';

const K = 'global-components.bonuses.welcome';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; packages: OfferOption[] };

/** The package's offers in the active currency (api-contract §10 `GET /api/game/bonuses`), grouped. */
export function usePackages(currency: string | null): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (!currency) return;
    let live = true;
    setLoad({ state: 'loading' });
    browserApi()
      .bonus.bonuses({ query: { currency } })
      .then(
        ({ data }) => live && setLoad({ state: 'ready', packages: offerOptions(data).filter((o) => o.packageName) }),
        () => live && setLoad({ state: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [currency]);
  return load;
}

/** One step: its match, cap, minimum deposit and wagering, from the definition. */
export function Step({ bonus, index, currency }: { bonus: Bonus; index: number; currency: string }) {
  const { t } = useI18n();
  const { format } = useMoney();
  const cap = bonus.assignConditions.maxAmountItems?.find((i) => i.currency === currency);
  const min = bonus.triggerConditions.invoiceAmountItems.find((i) => i.currency === currency)?.amountFrom;
  return (
    <li className="card bonus-card bonus-card--live" data-package-step={index + 1}>
      <div className="bonus-card__head">
        <span className="badge badge--info">{t(`${K}.step`, { n: index + 1 })}</span>
        <h3 className="bonus-card__title">{bonus.name}</h3>
      </div>
      <dl className="bonus-facts">
        {bonus.assignConditions.depositPercentage !== undefined && (
          <div>
            <dt>{t(`${K}.match`)}</dt>
            <dd>{bonus.assignConditions.depositPercentage}%</dd>
          </div>
        )}
        {cap && (
          <div>
            <dt>{t(`${K}.upTo`)}</dt>
            <dd>{format(cap.amount, currency)}</dd>
          </div>
        )}
        {min !== undefined && (
          <div>
            <dt>{t(`${K}.minDeposit`)}</dt>
            <dd>{format(min, currency)}</dd>
          </div>
        )}
        <div>
          <dt>{t('global-components.bonuses.wager')}</dt>
          <dd>{t('global-components.bonuses.wagerValue', { multiplier: bonus.wagerCasino })}</dd>
        </div>
      </dl>
    </li>
  );
}

/** /welcome-package from the operator's data: each package's deposit bonuses in order, and a deposit button. */
export function WelcomePackage() {
  const { t } = useI18n();
  const modals = useModals();
  const { player } = useSession();
  const wallet = useWallet();
  const currency = player ? (wallet.active?.currency ?? null) : null;
  const load = usePackages(currency);
  if (!player) {
    return (
      <EmptyState
        icon="gift"
        text={t(`${K}.guest`)}
        action={
          <button type="button" className="button button--primary" onClick={() => modals.open('sign-up')}>
            {t(`${K}.signUp`)}
          </button>
        }
      />
    );
  }
  if (load.state === 'loading') return <Skeleton lines={4} />;
  if (load.state === 'failed') return <Alert tone="error" text={t('global-components.bonuses.loadFailed')} />;
  if (load.packages.length === 0) return <EmptyState icon="gift" text={t('global-components.empty.welcomePackage')} />;
  return (
    <div className="stack">
      {load.packages.map((p) => (
        <section key={p.id} className="bonus-section" aria-label={p.packageName ?? ''}>
          <div className="bonus-card__head">
            <h2 className="bonus-section__title">{p.packageName}</h2>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => modals.open('package-bonus', p.bonus.package?.id ?? '')}
            >
              {t(`${K}.details`)}
            </button>
          </div>
          <ol className="bonus-list">
            {p.items.map((b, i) => (
              <Step key={b.id} bonus={b} index={i} currency={currency!} />
            ))}
          </ol>
        </section>
      ))}
      <button type="button" className="button button--primary" onClick={() => modals.open('wallet', 'deposit')}>
        {t('global-components.bonuses.deposit')}
      </button>
    </div>
  );
}
