import type { ChangePasswordRequest } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { meQuery } from '../../lib/session.ts';
import { Field, FormMessage } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';

/** A mismatch found before asking the server, shown like its 422s: under the field. */
const mismatch = (): Problem => ({
  message: 'The given data was invalid.',
  fields: { repeatPassword: 'The two new passwords differ.' },
  code: null,
  status: 422,
});

/**
 * The staff member's own password (`PUT /me/password`, decision 0111): the current one, the new one twice.
 * The server's refusals land under their fields; on success the signed-in staff member is replaced by the
 * answer (which lifts a forced change at once), the form empties and a toast says what happened.
 */
export function ChangePasswordForm({ titleId, submitLabel }: { titleId: string; submitLabel: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.staff.changePassword({ body }),
    onSuccess: ({ data }) => {
      setProblem(null);
      form.current?.reset();
      client.setQueryData(meQuery.queryKey, data);
      toast.success('Your password was changed. Your other sessions were signed out.');
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const data = new FormData(event.currentTarget);
    const newPassword = String(data.get('newPassword') ?? '');
    if (newPassword !== String(data.get('repeatPassword') ?? '')) {
      setProblem(mismatch());
      return;
    }
    setProblem(null);
    change.mutate({ currentPassword: String(data.get('currentPassword') ?? ''), newPassword });
  };
  const formMessage = problem && Object.keys(problem.fields).length === 0 ? problem.message : null;
  return (
    <form ref={form} onSubmit={submit} aria-labelledby={titleId}>
      <Field label="Current password" name="currentPassword" error={problem?.fields.currentPassword}>
        {(props) => (
          // biome-ignore lint/a11y/noAutofocus: the screen's one task is this form; its first field takes focus
          <input {...props} type="password" autoComplete="current-password" required maxLength={256} autoFocus />
        )}
      </Field>
      <Field
        label="New password"
        name="newPassword"
        error={problem?.fields.newPassword}
        hint="At least 12 characters, not the current one, without the name of your e-mail address."
      >
        {(props) => (
          <input {...props} type="password" autoComplete="new-password" required minLength={12} maxLength={256} />
        )}
      </Field>
      <Field label="Repeat the new password" name="repeatPassword" error={problem?.fields.repeatPassword}>
        {(props) => (
          <input {...props} type="password" autoComplete="new-password" required minLength={12} maxLength={256} />
        )}
      </Field>
      <FormMessage>{formMessage}</FormMessage>
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? 'Changing…' : submitLabel}
      </button>
    </form>
  );
}
