import { ApiError } from '@croupier/contracts';
import { Link, redirect } from 'react-router';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { localeOfRequest } from '../shared/i18n/locale.server.ts';
import { localizeLinks } from '../shared/i18n/localize-links.ts';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { Icon } from '../shared/ui/icons.tsx';
import type { Route } from './+types/questions-page';

/**
 * One question group. The guard between /questions and /questions/{id} (spec §2): an id that does
 * not exist sends the visitor back to the list instead of a dead end.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = await localeOfRequest(context.api, request, undefined);
  try {
    const [page, groups] = await Promise.all([
      context.api.content.page({ params: { folder: 'questions', identity: params.pageIdentity }, query: { locale } }),
      context.api.content.pages({ params: { folder: 'questions' }, query: { locale } }),
    ]);
    return { page: page.data, groups: groups.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw redirect('/questions');
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(rootOf(matches, location), { title: loaderData?.page.title, description: loaderData?.page.description });

export default function QuestionsPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { page, groups } = loaderData;
  return (
    <div className="page page--with-aside">
      <nav className="aside-nav" aria-label={t('global-components.pages.questions')}>
        <Link to="/questions" className="aside-nav__back">
          <Icon name="chevronLeft" size={16} /> {t('global-components.pages.questions')}
        </Link>
        <ul>
          {groups.map((g) => (
            <li key={g.identity}>
              <Link to={`/questions/${g.identity}`} aria-current={g.identity === page.identity ? 'page' : undefined}>
                {g.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article className="prose" lang={page.locale}>
        <h1>{page.title}</h1>
        <p className="page-header__intro">{page.description}</p>
        <div className="faq">
          {page.items?.map((item) => (
            <details key={item.question} className="faq__item">
              <summary>{item.question}</summary>
              {/* rendered from the repository's own Markdown */}
              <div className="faq__answer" dangerouslySetInnerHTML={{ __html: localizeLinks(item.answerHtml, href) }} />
            </details>
          ))}
        </div>
      </article>
    </div>
  );
}
