import type { ComponentType } from 'react';
import { ForgotPassModal } from '../auth/forgot-pass.tsx';
import { ResetPassModal } from '../auth/reset-pass.tsx';
import { SignInModal } from '../auth/sign-in.tsx';
import { SignUpModal } from '../auth/sign-up.tsx';
import { SignUpCancelModal } from '../auth/sign-up-cancel.tsx';
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
];

/**
 * The modals whose content is built. Each feature adds its own line here as it lands; a modal name
 * known to the access table but not listed keeps its query until its feature registers it.
 */
export const modalRegistry: ReadonlyMap<string, ModalDefinition> = new Map(definitions.map((d) => [d.name, d]));
