import type { SiteSettings } from '@croupier/contracts';
import type { IconName } from '../../shared/ui/icons.tsx';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: IconName;
}

/** Drawer and header navigation; betting and loyalty appear only when configured (spec §2). */
export function navItems(site: SiteSettings): NavItem[] {
  return [
    { to: '/', labelKey: 'layout.nav.home', icon: 'home' },
    { to: '/main', labelKey: 'layout.nav.main', icon: 'lobby' },
    { to: '/categories', labelKey: 'layout.nav.categories', icon: 'categories' },
    { to: '/providers', labelKey: 'layout.nav.providers', icon: 'providers' },
    { to: '/favorites', labelKey: 'layout.nav.favorites', icon: 'heart' },
    { to: '/recently-played', labelKey: 'layout.nav.recentlyPlayed', icon: 'clock' },
    { to: '/tournaments', labelKey: 'layout.nav.tournaments', icon: 'trophy' },
    { to: '/welcome-package', labelKey: 'layout.nav.welcomePackage', icon: 'gift' },
    ...(site.loyaltyEnabled ? [{ to: '/loyalty', labelKey: 'layout.nav.loyalty', icon: 'crown' as const }] : []),
    ...(site.bettingEnabled ? [{ to: '/betting', labelKey: 'layout.nav.betting', icon: 'ball' as const }] : []),
    { to: '/questions', labelKey: 'layout.nav.questions', icon: 'help' },
    { to: '/contact', labelKey: 'layout.nav.contact', icon: 'mail' },
  ];
}
