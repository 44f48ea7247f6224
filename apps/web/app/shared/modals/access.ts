/** Who may open each modal (spec §2 Modal dialogs). */
export type ModalAccess = 'guest' | 'player' | 'everyone';

const GUEST = ['sign-in', 'forgot-pass', 'reset-pass', 'sign-up'];
const PLAYER = [
  'deposit-error',
  'deposit-success',
  'deposit-pending',
  'deposit-redirect',
  'wallet',
  'equivalent-currency',
  'wallet-region',
  'quests-hub',
  'quest-rewards',
  'quest-tasks',
  'quest-task-games',
  'wallet-bonus-info',
  'loyalty-level',
  'turn-over-wager',
  'add-cash-limit',
  'edit-cash-limit',
  'game-limit-reached',
  'self-exclusion-limit',
  'reality-check',
  'bonus-cancel-lock',
  'change-active-bonus',
  'cancel-active-bonus',
  'cancel-issued-bonus',
  'cancel-unsettled-bonus',
  'package-bonus',
  'bonus-details',
  'max-bets',
  'restricted-bets',
  'bonus-confirm-action',
  'success',
];
const EVERYONE = [
  'sign-up-cancel',
  'cancel-deposit',
  'profile-confirmed',
  'mobile-game',
  'loyalty-earn',
  'demo-game',
  'categories',
  'providers',
  'geo-restricted-game',
];

export const modalAccess: ReadonlyMap<string, ModalAccess> = new Map([
  ...GUEST.map((n) => [n, 'guest'] as const),
  ...PLAYER.map((n) => [n, 'player'] as const),
  ...EVERYONE.map((n) => [n, 'everyone'] as const),
]);

export const isKnownModal = (name: string) => modalAccess.has(name);

export function canOpen(name: string, isLoggedIn: boolean): boolean {
  const access = modalAccess.get(name);
  if (access === 'guest') return !isLoggedIn;
  if (access === 'player') return isLoggedIn;
  return access === 'everyone';
}

/** Base z-index 1000 plus 2 per stacked modal: one for its backdrop, one for the dialog (spec §9). */
export const modalZIndex = (index: number) => 1000 + 2 * index;
