import type { ComponentType } from 'react';

export interface ModalProps {
  /** Query value that opened it, e.g. 'deposit' for `?wallet=deposit`; 'true' for plain flags. */
  type: string;
  close: () => void;
  titleId: string;
}

export interface ModalDefinition {
  name: string;
  /**
   * The modal's code, loaded the first time it opens (or when its query parameter is there on load):
   * phone parsing, QR codes and the payment forms stay off the first load (issue 15).
   */
  load: () => Promise<ComponentType<ModalProps>>;
  /** Content keys (`folder.key` paths) its text comes from; fetched with its code when the page lacks them. */
  content?: readonly string[];
  /** Other query parameters cleared when the modal closes (reset-pass clears resetCode). */
  clearsParams?: string[];
  /** Dismissing it (close button, Escape, backdrop, swipe) opens this modal instead, to confirm. */
  confirmCloseWith?: string;
  /** Asks through confirmCloseWith only while this holds (the wallet: while a deposit is in progress). */
  confirmCloseWhile?: () => boolean;
  /** Modals sharing one presentation name it here (spec §2). */
  size?: 'small' | 'medium' | 'large';
}

/** The modals whose content is built, by name. The app assembles it (app/modal-registry.ts). */
export type ModalRegistry = ReadonlyMap<string, ModalDefinition>;
