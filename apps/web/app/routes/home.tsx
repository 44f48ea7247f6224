import { useI18n } from '../features/i18n/i18n.tsx';
import { LocalLink } from '../features/i18n/link.tsx';
import { pageMeta, rootOf } from '../features/i18n/meta.ts';
import { EmptyState } from '../features/ui/page.tsx';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(rootOf(matches, location));

export default function Home() {
  const { t } = useI18n();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__glow" aria-hidden="true" />
        <h1 id="hero-title" className="hero__title">
          {t('global-components.home.heroTitle')}
        </h1>
        <p className="hero__text">{t('global-components.home.heroText')}</p>
        <LocalLink to="/main" className="button button--primary button--large">
          {t('global-components.home.heroCtaLoggedIn')}
        </LocalLink>
      </section>
      <section className="section" aria-labelledby="games-title">
        <h2 id="games-title" className="section__title">
          {t('global-components.home.collectionsTitle')}
        </h2>
        <EmptyState icon="lobby" text={t('global-components.empty.games')} />
      </section>
    </>
  );
}
