import type { SiteSettings } from '@croupier/contracts';

/** Children of /profile (spec §2); documents hides when the identity provider asks for it. */
export const PROFILE_SECTIONS = [
  'info',
  'wallet',
  'bonuses',
  'referral',
  'history',
  'limits',
  'notifications',
  'security',
  'documents',
  'verification',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export const visibleSections = (site: SiteSettings) =>
  PROFILE_SECTIONS.filter(
    (s) => !(s === 'documents' && site.hideDocumentsPage) && !(s === 'referral' && !site.referralsEnabled),
  );
