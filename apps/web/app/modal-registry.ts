import {
  AUTH_MODAL_CONTENT,
  BET_NOTICE_CONTENT,
  BONUS_MODAL_CONTENT,
  GAME_MODAL_CONTENT,
  LIMITS_MODAL_CONTENT,
  LOYALTY_CONTENT,
  PAYMENT_MODAL_CONTENT,
  PROFILE_CONFIRMED_CONTENT,
  QUESTS_CONTENT,
  REALITY_CHECK_CONTENT,
} from './content-paths.ts';
import { isDepositInProgress } from './features/payment/index.ts';
import type { ModalDefinition, ModalRegistry } from './shared/modals/types.ts';

/**
 * Every built modal, by the name its query parameter carries (spec §2). Each one's code is a dynamic
 * import, so none of it is on the first load: it loads when the modal opens or when its parameter is in
 * the address on load. It lives at app level because it names features; shared/modals stays generic.
 */
const definitions: ModalDefinition[] = [
  {
    name: 'profile-confirmed',
    content: PROFILE_CONFIRMED_CONTENT,
    load: () => import('./features/profile/profile-confirmed-modal.tsx').then((m) => m.ProfileConfirmedModal),
    size: 'small',
  },
  {
    name: 'sign-in',
    content: AUTH_MODAL_CONTENT,
    load: () => import('./features/auth/sign-in-modal.tsx').then((m) => m.SignInModal),
    size: 'small',
  },
  {
    name: 'sign-up',
    content: AUTH_MODAL_CONTENT,
    load: () => import('./features/auth/sign-up-modal.tsx').then((m) => m.SignUpModal),
    size: 'medium',
    confirmCloseWith: 'sign-up-cancel',
  },
  {
    name: 'sign-up-cancel',
    content: AUTH_MODAL_CONTENT,
    load: () => import('./features/auth/sign-up-cancel-modal.tsx').then((m) => m.SignUpCancelModal),
    size: 'small',
  },
  {
    name: 'forgot-pass',
    content: AUTH_MODAL_CONTENT,
    load: () => import('./features/auth/forgot-pass-modal.tsx').then((m) => m.ForgotPassModal),
    size: 'small',
  },
  {
    name: 'reset-pass',
    content: AUTH_MODAL_CONTENT,
    load: () => import('./features/auth/reset-pass-modal.tsx').then((m) => m.ResetPassModal),
    size: 'small',
    clearsParams: ['resetCode'],
  },
  {
    name: 'restricted-bets',
    content: BET_NOTICE_CONTENT,
    load: () => import('./features/realtime/bet-notice-modals.tsx').then((m) => m.RestrictedBetsModal),
    size: 'small',
  },
  {
    name: 'max-bets',
    content: BET_NOTICE_CONTENT,
    load: () => import('./features/realtime/bet-notice-modals.tsx').then((m) => m.MaxBetsModal),
    size: 'small',
  },
  {
    name: 'equivalent-currency',
    load: () => import('./features/wallet/equivalent-currency-modal.tsx').then((m) => m.EquivalentCurrencyModal),
    size: 'small',
  },
  {
    name: 'wallet-region',
    load: () => import('./features/wallet/wallet-region-modal.tsx').then((m) => m.WalletRegionModal),
    size: 'small',
  },
  {
    name: 'wallet',
    content: PAYMENT_MODAL_CONTENT,
    load: () => import('./features/payment/wallet-modal.tsx').then((m) => m.WalletModal),
    size: 'medium',
    confirmCloseWith: 'cancel-deposit',
    confirmCloseWhile: isDepositInProgress,
  },
  {
    name: 'deposit-success',
    content: PAYMENT_MODAL_CONTENT,
    load: () => import('./features/payment/result-modals.tsx').then((m) => m.DepositSuccessModal),
    size: 'small',
  },
  {
    name: 'deposit-pending',
    content: PAYMENT_MODAL_CONTENT,
    load: () => import('./features/payment/result-modals.tsx').then((m) => m.DepositPendingModal),
    size: 'small',
  },
  {
    name: 'deposit-redirect',
    content: PAYMENT_MODAL_CONTENT,
    load: () => import('./features/payment/result-modals.tsx').then((m) => m.DepositRedirectModal),
    size: 'small',
  },
  {
    name: 'deposit-error',
    content: PAYMENT_MODAL_CONTENT,
    load: () => import('./features/payment/result-modals.tsx').then((m) => m.DepositErrorModal),
    size: 'small',
  },
  {
    name: 'cancel-deposit',
    content: PAYMENT_MODAL_CONTENT,
    load: () => import('./features/payment/result-modals.tsx').then((m) => m.CancelDepositModal),
    size: 'small',
  },
  {
    name: 'turn-over-wager',
    content: PAYMENT_MODAL_CONTENT,
    load: () => import('./features/payment/turn-over-wager-modal.tsx').then((m) => m.TurnOverWagerModal),
    size: 'small',
  },
  {
    name: 'game-limit-reached',
    content: GAME_MODAL_CONTENT,
    load: () => import('./features/games/game-modals.tsx').then((m) => m.GameLimitReachedModal),
    size: 'small',
  },
  {
    name: 'add-cash-limit',
    content: LIMITS_MODAL_CONTENT,
    load: () => import('./features/limits/cash-limit-modal.tsx').then((m) => m.cashLimitModal('add')),
    size: 'small',
  },
  {
    name: 'edit-cash-limit',
    content: LIMITS_MODAL_CONTENT,
    load: () => import('./features/limits/cash-limit-modal.tsx').then((m) => m.cashLimitModal('edit')),
    size: 'small',
  },
  {
    name: 'self-exclusion-limit',
    content: LIMITS_MODAL_CONTENT,
    load: () => import('./features/limits/limit-modals.tsx').then((m) => m.SelfExclusionLimitModal),
    size: 'small',
  },
  {
    name: 'reality-check',
    content: REALITY_CHECK_CONTENT,
    load: () => import('./features/limits/reality-check-modal.tsx').then((m) => m.RealityCheckModal),
    size: 'small',
  },
  {
    name: 'geo-restricted-game',
    content: GAME_MODAL_CONTENT,
    load: () => import('./features/games/game-modals.tsx').then((m) => m.GeoRestrictedGameModal),
    size: 'small',
  },
  {
    name: 'demo-game',
    content: GAME_MODAL_CONTENT,
    load: () => import('./features/games/game-modals.tsx').then((m) => m.DemoGameModal),
    size: 'small',
  },
  {
    name: 'mobile-game',
    content: GAME_MODAL_CONTENT,
    load: () => import('./features/games/game-modals.tsx').then((m) => m.MobileGameModal),
    size: 'small',
  },
  {
    name: 'categories',
    content: GAME_MODAL_CONTENT,
    load: () => import('./features/games/game-modals.tsx').then((m) => m.CategoriesModal),
    size: 'small',
  },
  {
    name: 'providers',
    content: GAME_MODAL_CONTENT,
    load: () => import('./features/games/game-modals.tsx').then((m) => m.ProvidersModal),
    size: 'small',
  },
  {
    name: 'bonus-details',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/bonus-modals.tsx').then((m) => m.BonusDetailsModal),
    size: 'small',
  },
  {
    name: 'change-active-bonus',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/bonus-modals.tsx').then((m) => m.ChangeActiveBonusModal),
    size: 'small',
  },
  {
    name: 'cancel-active-bonus',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/bonus-modals.tsx').then((m) => m.CancelActiveBonusModal),
    size: 'small',
  },
  {
    name: 'cancel-issued-bonus',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/bonus-modals.tsx').then((m) => m.CancelIssuedBonusModal),
    size: 'small',
  },
  {
    name: 'cancel-unsettled-bonus',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/bonus-modals.tsx').then((m) => m.CancelUnsettledBonusModal),
    size: 'small',
  },
  {
    name: 'bonus-cancel-lock',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/bonus-modals.tsx').then((m) => m.BonusCancelLockModal),
    size: 'small',
  },
  {
    name: 'package-bonus',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/package-modal.tsx').then((m) => m.PackageBonusModal),
    size: 'small',
  },
  {
    name: 'wallet-bonus-info',
    content: BONUS_MODAL_CONTENT,
    load: () => import('./features/bonuses/bonus-modals.tsx').then((m) => m.WalletBonusInfoModal),
    size: 'small',
  },
  {
    name: 'loyalty-level',
    content: LOYALTY_CONTENT,
    load: () => import('./features/loyalty/loyalty-modals.tsx').then((m) => m.LoyaltyLevelModal),
    size: 'small',
  },
  {
    name: 'loyalty-earn',
    content: LOYALTY_CONTENT,
    load: () => import('./features/loyalty/loyalty-modals.tsx').then((m) => m.LoyaltyEarnModal),
    size: 'small',
  },
  {
    name: 'quests-hub',
    content: QUESTS_CONTENT,
    load: () => import('./features/quests/quest-modals.tsx').then((m) => m.QuestsHubModal),
    size: 'medium',
  },
  {
    name: 'quest-tasks',
    content: QUESTS_CONTENT,
    load: () => import('./features/quests/quest-modals.tsx').then((m) => m.QuestTasksModal),
    size: 'medium',
  },
  {
    name: 'quest-rewards',
    content: QUESTS_CONTENT,
    load: () => import('./features/quests/quest-modals.tsx').then((m) => m.QuestRewardsModal),
    size: 'small',
  },
  {
    name: 'quest-task-games',
    content: QUESTS_CONTENT,
    load: () => import('./features/quests/quest-modals.tsx').then((m) => m.QuestTaskGamesModal),
    size: 'small',
  },
];

/** A modal name known to the access table but not listed keeps its query until its feature registers it. */
export const modalRegistry: ModalRegistry = new Map(definitions.map((d) => [d.name, d]));
