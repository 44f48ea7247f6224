import { type LoyaltyAccount, type LoyaltyLevel, loyaltyProgress } from '@croupier/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useSession } from '../../shared/session/session.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { EmptyState, PageHeader, Skeleton } from '../../shared/ui/page.tsx';
import { SignInPrompt } from '../../shared/ui/sign-in-prompt.tsx';
import { useLoyaltyAccount } from './loyalty-store.ts';
import './loyalty.css';

const K = 'global-components.loyalty';

function Progress({ account }: { account: LoyaltyAccount }) {
  const { t, locale } = useI18n();
  const value = loyaltyProgress(account);
  // Spec §9: a percentage with 2 decimals.
  const percent = value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const points = account.points.toLocaleString(locale, { maximumFractionDigits: 2 });
  return (
    <section className="card loyalty-account" aria-labelledby="loyalty-level" data-testid="loyalty-account">
      <p className="loyalty-account__label">{t(`${K}.yourLevel`)}</p>
      <h2 id="loyalty-level" className="loyalty-account__level">
        {account.currentLevel.name}
      </h2>
      <p className="loyalty-account__points" data-testid="loyalty-points">
        {t(`${K}.points`, { points })}
      </p>
      {account.nextLevel ? (
        <div className="loyalty-progress">
          <p className="loyalty-progress__head" data-testid="loyalty-progress">
            {t(`${K}.progressTo`, { percent, level: account.nextLevel.name })}
          </p>
          <div
            className="loyalty-progress__track"
            role="progressbar"
            aria-label={t(`${K}.progressLabel`)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-valuetext={`${percent}%`}
          >
            <span className="loyalty-progress__bar" style={{ width: `${value}%` }} />
          </div>
        </div>
      ) : (
        <p>{t(`${K}.topLevel`)}</p>
      )}
    </section>
  );
}

function AccountBlock() {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  const { account, status } = useLoyaltyAccount();
  if (!isLoggedIn) return <SignInPrompt icon="crown" textKey={`${K}.signIn`} />;
  if (account) return <Progress account={account} />;
  if (status === 'failed') return <Alert tone="error" text={t(`${K}.loadFailed`)} />;
  return (
    <div className="card loyalty-account" role="status" aria-busy="true" data-testid="loyalty-skeleton">
      <span className="visually-hidden">{t('global-components.common.loading')}</span>
      <Skeleton lines={3} />
    </div>
  );
}

function Levels({ levels }: { levels: LoyaltyLevel[] }) {
  const { t, locale } = useI18n();
  const { account } = useLoyaltyAccount();
  if (levels.length === 0) return <EmptyState icon="crown" text={t(`${K}.empty`)} />;
  return (
    <section aria-labelledby="loyalty-levels">
      <h2 id="loyalty-levels" className="loyalty-section-title">
        {t(`${K}.levelsTitle`)}
      </h2>
      <ol className="loyalty-levels" data-testid="loyalty-levels">
        {levels.map((level) => {
          const current = account?.currentLevel.id === level.id;
          return (
            <li key={level.id} className={`card loyalty-level${current ? ' loyalty-level--current' : ''}`}>
              <span className="loyalty-level__order" aria-hidden="true">
                {level.order}
              </span>
              <span className="loyalty-level__name">{level.name}</span>
              <span className="loyalty-level__points">
                {t(`${K}.levelFrom`, { points: level.points.toLocaleString(locale) })}
              </span>
              {current && <span className="loyalty-level__badge">{t(`${K}.current`)}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** /loyalty (spec §2): the player's level and progress, the levels, how to earn, and the wheel (`wheel`). */
export function LoyaltyPage({ levels, wheel }: { levels: LoyaltyLevel[]; wheel?: ReactNode }) {
  const { t } = useI18n();
  const modals = useModals();
  return (
    <div className="page loyalty-page">
      <PageHeader title={t('layout.nav.loyalty')} intro={t(`${K}.intro`)}>
        <button type="button" className="button button--ghost" onClick={() => modals.open('loyalty-earn')}>
          {t(`${K}.howToEarn`)}
        </button>
      </PageHeader>
      <AccountBlock />
      {wheel}
      <Levels levels={levels} />
    </div>
  );
}
