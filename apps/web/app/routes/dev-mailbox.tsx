import { data, Form, useNavigation, useRevalidator } from 'react-router';
import { DEV_MAILBOX_CONTENT } from '../content-paths.ts';
import { MAILBOX_LIMIT, MessageCard, newestFirst } from '../features/dev/index.ts';
import { statusOf } from '../shared/forms/api-errors.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { Alert } from '../shared/ui/alert.tsx';
import { EmptyState, PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/dev-mailbox';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.devMailbox.title', noindex: true });

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * Development only: what GET /api/dev/mailbox captured. The API exists only with DEV_MAILBOX on; its
 * 404 makes this page say the mailbox is off (answered with 404 too), never an error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = new URL(request.url).searchParams.get('to')?.trim() ?? '';
  // Never prefixed: the locale comes from the cookie or the country, as the root decides it.
  const content = await routeContent(context.api, request, undefined, DEV_MAILBOX_CONTENT);
  try {
    const answer = await context.api.player.devMailbox({ query: { to: to || undefined, limit: MAILBOX_LIMIT } });
    return { enabled: true, to, messages: newestFirst(answer.data), invalid: false, content };
  } catch (error) {
    const status = statusOf(error);
    if (status === 404) return data({ enabled: false, to, messages: [], invalid: false, content }, { status: 404 });
    if (status === 422) return { enabled: true, to, messages: [], invalid: true, content };
    throw error;
  }
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { enabled, to, messages, invalid } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = revalidator.state === 'loading' || navigation.state !== 'idle';
  return (
    <div className="page">
      <PageHeader title={t('global-components.devMailbox.title')} intro={t('global-components.devMailbox.intro')} />
      {!enabled ? (
        <EmptyState icon="mail" text={t('global-components.devMailbox.off')} />
      ) : (
        <div className="stack">
          <Form method="get" className="mailbox__filter" role="search">
            <label htmlFor="mailbox-to">{t('global-components.devMailbox.filterLabel')}</label>
            <input
              id="mailbox-to"
              className="input"
              type="search"
              name="to"
              defaultValue={to}
              key={to}
              placeholder={t('global-components.devMailbox.filterPlaceholder')}
              autoComplete="off"
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('global-components.devMailbox.filter')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => revalidator.revalidate()}
            >
              {t('global-components.devMailbox.refresh')}
            </button>
          </Form>
          {invalid && (
            <Alert
              tone="error"
              title={t('alerts.somethingWentWrong.title')}
              text={t('global-components.devMailbox.invalid')}
            />
          )}
          {messages.length === 0 ? (
            <EmptyState icon="mail" text={t('global-components.devMailbox.empty')} />
          ) : (
            <ol className="mailbox__list" aria-busy={busy}>
              {messages.map((message) => (
                <li key={message.id}>
                  <MessageCard message={message} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
