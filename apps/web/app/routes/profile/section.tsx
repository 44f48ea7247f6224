import { useT } from '../../features/i18n/i18n.tsx';
import { EmptyState } from '../../features/ui/page.tsx';
import { notFound } from '../../lib/not-found.ts';
import { loadSiteSettings } from '../../lib/site-data.server.ts';
import type { Route } from './+types/section';
import { visibleSections } from './sections.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { site } = await loadSiteSettings(context.api);
  const section = visibleSections(site).find((s) => s === params.section);
  if (!section) throw notFound(new URL(request.url).pathname);
  return { section };
}

/** Each tab's own feature fills it as that feature lands; until then its honest empty state. */
export default function ProfileSection({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section aria-label={t(`global-components.profile.${loaderData.section}`)}>
      <EmptyState icon="user" text={t('global-components.empty.profileSection')} />
    </section>
  );
}
