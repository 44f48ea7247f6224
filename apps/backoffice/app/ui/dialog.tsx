import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useRef } from 'react';
import type { Problem } from '../lib/errors.ts';
import { FormMessage } from './field.tsx';

/**
 * A modal form (Radix Dialog: focus trapped, Escape closes, focus returns to the opener). The form's fields
 * are its children; `onSubmit` gets the form's data. While `pending`, the submit button is disabled, so a
 * double click sends one request.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pending,
  problem,
  danger = false,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  problem?: Problem | null;
  danger?: boolean;
  onSubmit: (form: FormData) => void;
  children: ReactNode;
}) {
  // The control that opened the dialog gets focus back when it closes (Radix does so only for its own Trigger).
  const opener = useRef<HTMLElement | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit(new FormData(event.currentTarget));
  };
  // A refusal that names fields is shown beside them; only the rest is a form message.
  const formMessage = problem && Object.keys(problem.fields).length === 0 ? problem.message : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          <form onSubmit={submit} noValidate={false}>
            {children}
            <FormMessage>{formMessage}</FormMessage>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--ghost">
                  Cancel
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className={`button ${danger ? 'button--danger' : 'button--primary'}`}
                disabled={pending}
              >
                {pending ? 'Working…' : submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
