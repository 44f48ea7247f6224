import { BonusesPage } from '../../features/bonuses/index.ts';
import { DocumentsPage } from '../../features/documents/index.ts';
import { HistoryPage } from '../../features/history/index.ts';
import { LimitsPage } from '../../features/limits/index.ts';
import { NotificationsPage } from '../../features/notifications/index.ts';
import { ProfileInfo, ProfileSecurity } from '../../features/profile/index.ts';
import { ReferralsPage } from '../../features/referrals/index.ts';
import { VerificationPage } from '../../features/verification/index.ts';
import { WalletPage } from '../../features/wallet/index.ts';
import { notFound } from '../../lib/not-found.ts';
import { loadConstants, loadSiteSettings } from '../../lib/site-data.server.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { EmptyState } from '../../shared/ui/page.tsx';
import type { Route } from './+types/section';
import { visibleSections } from './sections.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { site } = await loadSiteSettings(context.api);
  const section = visibleSections(site).find((s) => s === params.section);
  if (!section) throw notFound(new URL(request.url).pathname);
  // Document types and their sections come from constants (player.document.type).
  const documentTypes = section === 'documents' ? (await loadConstants(context.api)).player.document.type : [];
  // Invoice types and statuses label the payment history (payment.*).
  const invoiceConstants =
    section === 'history' ? (await loadConstants(context.api)).payment : { invoiceStatuses: [], invoiceTypes: [] };
  // Cooling-off and self-exclusion periods come from constants (player.limit.*Period).
  const limit = section === 'limits' ? (await loadConstants(context.api)).player.limit : null;
  const limitPeriods = { coolingOff: limit?.coolingOffPeriod ?? [], selfExclusion: limit?.selfExclusionPeriod ?? [] };
  return { section, documentTypes, invoiceConstants, limitPeriods };
}

/** Each tab's own feature fills it as that feature lands; until then its honest empty state. */
export default function ProfileSection({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { section, documentTypes, invoiceConstants, limitPeriods } = loaderData;
  return (
    <section aria-label={t(`global-components.profile.${section}`)}>
      {section === 'info' ? (
        <ProfileInfo />
      ) : section === 'security' ? (
        <ProfileSecurity />
      ) : section === 'documents' ? (
        <DocumentsPage types={documentTypes} />
      ) : section === 'verification' ? (
        <VerificationPage />
      ) : section === 'notifications' ? (
        <NotificationsPage />
      ) : section === 'wallet' ? (
        <WalletPage />
      ) : section === 'history' ? (
        <HistoryPage constants={invoiceConstants} />
      ) : section === 'limits' ? (
        <LimitsPage periods={limitPeriods} />
      ) : section === 'bonuses' ? (
        <BonusesPage />
      ) : section === 'referral' ? (
        <ReferralsPage />
      ) : (
        <EmptyState icon="user" text={t('global-components.empty.profileSection')} />
      )}
    </section>
  );
}
