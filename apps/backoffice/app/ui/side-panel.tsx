import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

/**
 * A panel that slides in from the right over a list (a flag's details): a Radix dialog, so focus is trapped
 * inside and Escape closes it. Focus goes back to the row's button that opened it: Radix does so only for its
 * own Trigger, and the panel is opened by the address (`?flag=`), so the opener is noted as it opens (as
 * FormDialog does). Opened from another page's link, the opener is gone and Radix's default applies.
 */
export function SidePanel({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="side-panel"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected || opener.current === document.body) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <header className="side-panel__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="button button--small button--ghost" aria-label="Close the panel">
                ×
              </button>
            </Dialog.Close>
          </header>
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
