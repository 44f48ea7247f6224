import { type PlayerBonus, PlayerBonusStatus } from '@croupier/contracts';
import { useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/page.tsx';
import { Pagination } from '../history/index.ts';
import { BonusCard } from './bonus-card.tsx';
import { activateStepFor, cancelModalFor } from './bonus-rules.ts';
import { rememberBonuses, scheduleRefresh, useLiveBonuses } from './bonus-store.ts';
import { FreeSpinsSection } from './free-spins.tsx';
import { PromoCodeBox } from './promo-code.tsx';
import { useBonusHistory } from './use-history.ts';
import './bonuses.css';

const K = 'global-components.bonuses';

function CardsSkeleton({ count = 2 }: { count?: number }) {
  const t = useT();
  return (
    <div className="bonus-list" role="status" aria-busy="true" data-testid="bonus-skeleton">
      <span className="visually-hidden">{t('global-components.common.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        // static placeholders
        <div key={i} className="card bonus-card">
          <Skeleton lines={3} />
        </div>
      ))}
    </div>
  );
}

/**
 * /profile/bonuses (spec §2, api-contract §10): a promo-code box, the active and the waiting bonuses with
 * wagering progress and their Activate and Cancel (each following the contract's flags through its
 * modal), and the finished ones page by page. Lists follow the real-time publications (BonusListener).
 */
export function BonusesPage() {
  const t = useT();
  const modals = useModals();
  const live = useLiveBonuses();
  const [page, setPage] = useState(1);
  const history = useBonusHistory(page, live.version, true);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const active = live.items.filter((b) => b.status === PlayerBonusStatus.active);
  const issued = live.items.filter((b) => b.status === PlayerBonusStatus.issued);

  const activate = async (bonus: PlayerBonus) => {
    setError(null);
    const step = activateStepFor(bonus, live.items);
    if (step !== 'activate') {
      modals.open(step, bonus.id);
      return;
    }
    setBusyId(bonus.id);
    try {
      await browserApi().bonus.activatePlayerBonus({ params: { id: bonus.id } });
      // The lists follow the publication; this refresh is the fallback when the socket is down.
      scheduleRefresh();
    } catch {
      setError(t(`${K}.actionFailed`));
    } finally {
      setBusyId(null);
    }
  };
  const cancel = (bonus: PlayerBonus) => {
    setError(null);
    modals.open(cancelModalFor(bonus), bonus.id);
  };
  const details = (bonus: PlayerBonus) => {
    rememberBonuses([bonus]);
    modals.open('bonus-details', bonus.id);
  };
  const card = (bonus: PlayerBonus) => (
    <BonusCard
      key={bonus.id}
      bonus={bonus}
      busy={busyId === bonus.id}
      onActivate={(b) => void activate(b)}
      onCancel={cancel}
      onDetails={details}
    />
  );

  return (
    <div className="stack bonuses-page">
      <p className="muted">{t(`${K}.intro`)}</p>
      <PromoCodeBox mode="plain" />
      {error && <Alert tone="error" text={error} />}

      <section className="bonus-section" aria-labelledby="bonuses-live">
        <h2 id="bonuses-live" className="bonus-section__title">
          {t(`${K}.live`)}
        </h2>
        {live.state === 'loading' || live.state === 'idle' ? (
          <CardsSkeleton />
        ) : live.state === 'failed' ? (
          <div className="stack">
            <Alert tone="error" text={t(`${K}.loadFailed`)} />
            <button type="button" className="button button--ghost" onClick={() => void live.reload()}>
              {t('global-components.common.retry')}
            </button>
          </div>
        ) : active.length + issued.length === 0 ? (
          <EmptyState
            icon="gift"
            text={t(`${K}.emptyLive`)}
            action={
              <button type="button" className="button button--primary" onClick={() => modals.open('wallet', 'deposit')}>
                {t(`${K}.deposit`)}
              </button>
            }
          />
        ) : (
          <>
            {active.length > 0 && (
              <div className="stack">
                <h3 className="bonus-group__title">{t(`${K}.active`)}</h3>
                <ul className="bonus-list" data-testid="bonuses-active">
                  {active.map(card)}
                </ul>
              </div>
            )}
            {issued.length > 0 && (
              <div className="stack">
                <h3 className="bonus-group__title">{t(`${K}.issued`)}</h3>
                <ul className="bonus-list" data-testid="bonuses-issued">
                  {issued.map(card)}
                </ul>
              </div>
            )}
          </>
        )}
      </section>

      <FreeSpinsSection />

      <section className="bonus-section" aria-labelledby="bonuses-history">
        <h2 id="bonuses-history" className="bonus-section__title">
          {t(`${K}.history`)}
        </h2>
        {history.state === 'loading' ? (
          <CardsSkeleton count={1} />
        ) : history.state === 'failed' ? (
          <div className="stack">
            <Alert tone="error" text={t(`${K}.loadFailed`)} />
            <button type="button" className="button button--ghost" onClick={() => void history.reload()}>
              {t('global-components.common.retry')}
            </button>
          </div>
        ) : history.rows.length === 0 ? (
          <EmptyState icon="clock" text={t(`${K}.emptyHistory`)} />
        ) : (
          <>
            <ul className="bonus-list" data-testid="bonuses-history">
              {history.rows.map((b) => (
                <BonusCard key={b.id} bonus={b} onDetails={details} />
              ))}
            </ul>
            {history.meta && <Pagination meta={history.meta} onPage={setPage} />}
          </>
        )}
      </section>
    </div>
  );
}
