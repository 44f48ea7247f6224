import type { Tournament } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { EmptyState, PageHeader } from '../../shared/ui/page.tsx';
import { K } from './format.ts';
import { TournamentCard } from './tournament-card.tsx';
import { useNow } from './use-now.ts';
import './tournaments.css';

/** /tournaments: the open tournaments (states 2 and 3), then the finished ones (4 and 5). */
export function TournamentsPage({ active, finished }: { active: Tournament[]; finished: Tournament[] }) {
  const { t } = useI18n();
  const now = useNow();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.tournaments')} />
      <section className="tournament-section" aria-labelledby="tournaments-active">
        <h2 id="tournaments-active">{t(`${K}.active`)}</h2>
        {active.length === 0 ? (
          <EmptyState icon="trophy" text={t('global-components.empty.tournaments')} />
        ) : (
          <ul className="tournament-grid">
            {active.map((x) => (
              <TournamentCard key={x.id} tournament={x} now={now} />
            ))}
          </ul>
        )}
      </section>
      {finished.length > 0 && (
        <section className="tournament-section" aria-labelledby="tournaments-finished">
          <h2 id="tournaments-finished">{t(`${K}.finished`)}</h2>
          <ul className="tournament-grid">
            {finished.map((x) => (
              <TournamentCard key={x.id} tournament={x} now={now} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
