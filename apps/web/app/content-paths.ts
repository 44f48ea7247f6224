/**
 * Which content each part of the site renders (issue 15: a page gets only the text it shows). Paths are
 * `folder.key` prefixes of the content folders (content/<locale>/*.json). The root loader sends SHELL;
 * each route's loader adds its own list; a modal's list is in app/modal-registry.ts and arrives with
 * its code. A key a component reads but no list holds renders as the key itself: add the path here.
 */

/** The header, drawer, footer, toasts, error page and the alerts the shell raises on its own. */
export const SHELL_CONTENT = [
  'layout',
  'global-components.common',
  'global-components.errorPage',
  'global-components.pages',
  'global-components.empty',
  'global-components.modal',
  'global-components.language',
  'global-components.toast',
  'global-components.account',
  'global-components.notifications',
  'global-components.wallet',
  'alerts.somethingWentWrong',
  // features/shell/flash.ts FLASH_KEYS
  'alerts.accountBlocked',
  // features/notifications/messenger-context.tsx, features/realtime/realtime-reactions.tsx
  'alerts.newNotification',
  'alerts.tournamentPrize',
  // features/payment/invoice-alert.ts
  'alerts.depositSuccess',
  'alerts.depositFailure',
  'alerts.withdrawalSuccess',
  'alerts.withdrawalFailure',
  // features/bonuses/bonus-listener.tsx (api-contract §14.2: status-result pairs, code statuses)
  'alerts.bonusIssued',
  'alerts.bonusActivated',
  'alerts.bonusPlayed',
  'alerts.bonusCancelled',
  'alerts.bonusExpired',
  'alerts.bonusLost',
  'alerts.bonusCodeIncorrect',
  'alerts.bonusCodeNotAvailable',
  // features/loyalty/loyalty-listener.tsx, features/wheel/wheel-listener.tsx
  'alerts.loyaltyLevelUp',
  'alerts.wheelSpinsIssued',
] as const;

/** The lobby pages, game lists and grids. */
export const GAMES_CONTENT = ['global-components.games'] as const;
export const HOME_CONTENT = ['global-components.home', 'global-components.activity', ...GAMES_CONTENT] as const;
export const GAME_PAGE_CONTENT = [
  ...GAMES_CONTENT,
  'alerts.limitedRealGame',
  'global-components.limits.realityCheck',
] as const;
export const CONTACT_CONTENT = ['global-components.contact', 'fields-settings'] as const;
export const DEV_MAILBOX_CONTENT = ['global-components.devMailbox'] as const;
/** Sign-in pages that finish outside a modal (autologin, social callback) show the auth texts and alerts. */
export const AUTH_PAGE_CONTENT = ['global-components.auth', 'alerts'] as const;

/** The profile and its sections: forms, history, documents, verification, notifications. */
export const PROFILE_CONTENT = [
  'global-components.profile',
  'global-components.profileInfo',
  'global-components.security',
  'global-components.documents',
  'global-components.verification',
  'global-components.history',
  'global-components.payment',
  'global-components.bonuses',
  'global-components.limits',
  'global-components.referrals',
  ...GAMES_CONTENT,
  'fields-settings',
  'alerts',
] as const;

/** /loyalty: the levels, the account and the wheel of fortune (and its 10003 alert). */
export const LOYALTY_CONTENT = ['global-components.loyalty', 'alerts.spinsExpired'] as const;
/** The quest modals (app/modal-registry.ts). */
export const QUESTS_CONTENT = ['global-components.quests'] as const;

/** Modal lists (app/modal-registry.ts). */
export const AUTH_MODAL_CONTENT = ['global-components.auth', 'fields-settings', 'alerts'] as const;
export const PAYMENT_MODAL_CONTENT = [
  'global-components.payment',
  'global-components.bonuses',
  'fields-settings',
  'alerts',
] as const;
export const GAME_MODAL_CONTENT = [...GAMES_CONTENT, 'alerts.gameLimitReached', 'alerts.geoRestrictedGame'] as const;
export const BET_NOTICE_CONTENT = ['alerts.maxBet', 'alerts.restrictedBets'] as const;
export const PROFILE_CONFIRMED_CONTENT = ['global-components.profileConfirmed'] as const;
export const LIMITS_MODAL_CONTENT = [
  'global-components.limits',
  'alerts.limitSaved',
  'alerts.selfExcluded',
  'alerts.somethingWentWrong',
] as const;
export const REALITY_CHECK_CONTENT = ['global-components.limits.realityCheck'] as const;
export const BONUS_MODAL_CONTENT = ['global-components.bonuses', 'alerts.somethingWentWrong'] as const;
