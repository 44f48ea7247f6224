import { type ReactNode, useEffect, useState } from 'react';
import type { Problem } from '../lib/errors.ts';
import { FormDialog } from './dialog.tsx';
import { Field } from './field.tsx';

/**
 * A decision that takes only a reason (approve, reject, close): the reason is 3 to 500 characters
 * (backoffice-api.md §1), optional where the API says so. `audience: 'player'` is for a reason the player will
 * read (a rejected withdrawal or document): the field says so and shows it back as the player will see it.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  danger = false,
  optional = false,
  audience = 'audit',
  pending,
  problem,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  danger?: boolean;
  optional?: boolean;
  audience?: 'audit' | 'player';
  pending: boolean;
  problem: Problem | null;
  onSubmit: (reason: string, form: FormData) => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  // Each opening starts blank, however the last one closed (a success closes it from outside).
  useEffect(() => {
    if (open) setText('');
  }, [open]);
  const forPlayer = audience === 'player';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      submitLabel={submitLabel}
      danger={danger}
      pending={pending}
      problem={problem}
      onSubmit={(form) => onSubmit(String(form.get('reason') ?? '').trim(), form)}
    >
      {children}
      <Field
        label={forPlayer ? 'Message to the player' : optional ? 'Reason (optional)' : 'Reason'}
        name="reason"
        error={problem?.fields.reason}
        hint={
          forPlayer
            ? 'The player reads it as written, in their messages; it is kept in the audit log too. 3 to 500 characters.'
            : 'Kept in the audit log with the change.'
        }
      >
        {(props) => (
          <textarea
            {...props}
            rows={forPlayer ? 3 : 2}
            required={!optional}
            minLength={3}
            maxLength={500}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      {forPlayer && (
        <figure className="player-preview">
          <figcaption>What the player will read</figcaption>
          <blockquote data-testid="player-preview">{text.trim() || <span className="muted">…</span>}</blockquote>
          <p className="field__hint">{text.trim().length} / 500</p>
        </figure>
      )}
    </FormDialog>
  );
}
