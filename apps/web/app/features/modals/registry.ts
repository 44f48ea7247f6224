import type { ComponentType } from 'react';
import { ForgotPassModal } from '../auth/forgot-pass.tsx';
import { ResetPassModal } from '../auth/reset-pass.tsx';
import { SignInModal } from '../auth/sign-in.tsx';
import { SignUpModal } from '../auth/sign-up.tsx';
import { SignUpCancelModal } from '../auth/sign-up-cancel.tsx';
import {
  CategoriesModal,
  DemoGameModal,
  GameLimitReachedModal,
  GeoRestrictedGameModal,
  MobileGameModal,
  ProvidersModal,
} from '../games/game-modals.tsx';
import { isDepositInProgress } from '../payment/deposit-guard.ts';
import {
  CancelDepositModal,
  DepositErrorModal,
  DepositPendingModal,
  DepositRedirectModal,
  DepositSuccessModal,
} from '../payment/result-modals.tsx';
import { TurnOverWagerModal } from '../payment/turn-over-wager-modal.tsx';
import { WalletModal } from '../payment/wallet-modal.tsx';
import { MaxBetsModal, RestrictedBetsModal } from '../realtime/bet-notice-modals.tsx';
import { EquivalentCurrencyModal } from '../wallet/equivalent-currency-modal.tsx';
import { WalletRegionModal } from '../wallet/wallet-region-modal.tsx';
import { ProfileConfirmedModal } from './content/profile-confirmed.tsx';

export interface ModalProps {
  /** Query value that opened it, e.g. 'deposit' for `?wallet=deposit`; 'true' for plain flags. */
  type: string;
  close: () => void;
  titleId: string;
}

export interface ModalDefinition {
  name: string;
  component: ComponentType<ModalProps>;
  /** Other query parameters cleared when the modal closes (reset-pass clears resetCode). */
  clearsParams?: string[];
  /** Dismissing it (close button, Escape, backdrop, swipe) opens this modal instead, to confirm. */
  confirmCloseWith?: string;
  /** Asks through confirmCloseWith only while this holds (the wallet: while a deposit is in progress). */
  confirmCloseWhile?: () => boolean;
  /** Modals sharing one presentation name it here (spec §2). */
  size?: 'small' | 'medium' | 'large';
}

const definitions: ModalDefinition[] = [
  { name: 'profile-confirmed', component: ProfileConfirmedModal, size: 'small' },
  { name: 'sign-in', component: SignInModal, size: 'small' },
  { name: 'sign-up', component: SignUpModal, size: 'medium', confirmCloseWith: 'sign-up-cancel' },
  { name: 'sign-up-cancel', component: SignUpCancelModal, size: 'small' },
  { name: 'forgot-pass', component: ForgotPassModal, size: 'small' },
  { name: 'reset-pass', component: ResetPassModal, size: 'small', clearsParams: ['resetCode'] },
  { name: 'restricted-bets', component: RestrictedBetsModal, size: 'small' },
  { name: 'max-bets', component: MaxBetsModal, size: 'small' },
  { name: 'equivalent-currency', component: EquivalentCurrencyModal, size: 'small' },
  { name: 'wallet-region', component: WalletRegionModal, size: 'small' },
  {
    name: 'wallet',
    component: WalletModal,
    size: 'medium',
    confirmCloseWith: 'cancel-deposit',
    confirmCloseWhile: isDepositInProgress,
  },
  { name: 'deposit-success', component: DepositSuccessModal, size: 'small' },
  { name: 'deposit-pending', component: DepositPendingModal, size: 'small' },
  { name: 'deposit-redirect', component: DepositRedirectModal, size: 'small' },
  { name: 'deposit-error', component: DepositErrorModal, size: 'small' },
  { name: 'cancel-deposit', component: CancelDepositModal, size: 'small' },
  { name: 'turn-over-wager', component: TurnOverWagerModal, size: 'small' },
  { name: 'game-limit-reached', component: GameLimitReachedModal, size: 'small' },
  { name: 'geo-restricted-game', component: GeoRestrictedGameModal, size: 'small' },
  { name: 'demo-game', component: DemoGameModal, size: 'small' },
  { name: 'mobile-game', component: MobileGameModal, size: 'small' },
  { name: 'categories', component: CategoriesModal, size: 'small' },
  { name: 'providers', component: ProvidersModal, size: 'small' },
];

/**
 * The modals whose content is built. Each feature adds its own line here as it lands; a modal name
 * known to the access table but not listed keeps its query until its feature registers it.
 */
export const modalRegistry: ReadonlyMap<string, ModalDefinition> = new Map(definitions.map((d) => [d.name, d]));
