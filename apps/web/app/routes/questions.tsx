import { Link } from 'react-router';
import { useT } from '../shared/i18n/i18n.tsx';
import { localeOfRequest } from '../shared/i18n/locale.server.ts';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/questions';

/** The help centre: question groups from the content system. Never prefixed (spec §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = await localeOfRequest(context.api, request, undefined);
  const { data } = await context.api.content.pages({ params: { folder: 'questions' }, query: { locale } });
  return { groups: data };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.questions' });

export default function Questions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.questions')} intro={t('global-components.pages.questionsIntro')} />
      <ul className="card-grid">
        {loaderData.groups.map((g) => (
          <li key={g.identity}>
            <Link className="card card--link" to={`/questions/${g.identity}`}>
              <h2 className="card__title">{g.title}</h2>
              <p className="card__text">{g.description}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
