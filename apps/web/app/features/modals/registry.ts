import type { ComponentType } from 'react';
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
  /** Modals sharing one presentation name it here (spec §2). */
  size?: 'small' | 'medium' | 'large';
}

/**
 * The modals whose content is built. Each feature adds its own line here as it lands; a modal name
 * known to the access table but not listed keeps its query until its feature registers it.
 */
export const modalRegistry: ReadonlyMap<string, ModalDefinition> = new Map(
  [{ name: 'profile-confirmed', component: ProfileConfirmedModal, size: 'small' as const }].map((d) => [d.name, d]),
);
