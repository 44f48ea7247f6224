import type { SignInChallenge } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { type Problem, problemOf } from '../lib/errors.ts';
import { meQuery } from '../lib/session.ts';
import { safeNext } from '../lib/url-state.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import { QrCode } from '../ui/qr-code.tsx';

export const meta = () => [{ title: 'Sign in · Croupier back office' }];

/**
 * Staff sign-in (backoffice-api.md §2): e-mail and password, then the 6-digit code of the authenticator app.
 * On the first sign-in the server answers the secret to enrol: shown as a QR code drawn in the page and as
 * text, for apps that take the key typed in.
 */
export default function SignIn() {
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  return (
    <main className="sign-in" id="content">
      <div className="sign-in__card">
        <p className="sign-in__brand">Croupier back office</p>
        {challenge ? (
          <CodeStep challenge={challenge} onRestart={() => setChallenge(null)} />
        ) : (
          <PasswordStep onChallenge={setChallenge} />
        )}
      </div>
    </main>
  );
}

const formProblem = (problem: Problem | null) =>
  problem && Object.keys(problem.fields).length === 0 ? problem.message : null;

function PasswordStep({ onChallenge }: { onChallenge: (challenge: SignInChallenge) => void }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const signIn = useMutation({
    mutationFn: (body: { email: string; password: string }) => api.staff.signIn({ body }),
    onSuccess: ({ data }) => onChallenge(data),
    onError: (error) => setProblem(problemOf(error)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setProblem(null);
    signIn.mutate({ email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') });
  };
  return (
    <form onSubmit={submit} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <Field label="E-mail" name="email" error={problem?.fields.email}>
        {(props) => (
          // biome-ignore lint/a11y/noAutofocus: the page's one task is this form; its first field takes focus
          <input {...props} type="email" autoComplete="username" required autoFocus />
        )}
      </Field>
      <Field label="Password" name="password" error={problem?.fields.password}>
        {(props) => <input {...props} type="password" autoComplete="current-password" required />}
      </Field>
      <FormMessage>{formProblem(problem)}</FormMessage>
      <button type="submit" className="button button--primary button--wide" disabled={signIn.isPending}>
        {signIn.isPending ? 'Checking…' : 'Continue'}
      </button>
    </form>
  );
}

function CodeStep({ challenge, onRestart }: { challenge: SignInChallenge; onRestart: () => void }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const verify = useMutation({
    mutationFn: (code: string) => api.staff.verify({ body: { challengeId: challenge.challengeId, code } }),
    onSuccess: ({ data }) => {
      client.setQueryData(meQuery.queryKey, data.staff);
      navigate(safeNext(params.get('next')), { replace: true });
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    verify.mutate(String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, ''));
  };
  const { enrolment } = challenge;
  return (
    <form onSubmit={submit} aria-labelledby="code-title">
      <h1 id="code-title">{enrolment ? 'Set up your second factor' : 'Enter your code'}</h1>
      {enrolment && (
        <section className="enrolment" aria-label="Authenticator set-up">
          <p>
            Scan this code with an authenticator app (any TOTP app), or type the key below into it. You will need the
            app every time you sign in.
          </p>
          <QrCode value={enrolment.otpauthUrl} label="QR code of your authenticator secret" />
          <p className="enrolment__key">
            Key: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </section>
      )}
      <Field
        label="6-digit code"
        name="code"
        error={problem?.fields.code}
        hint={enrolment ? 'The code your app shows for Croupier now.' : 'From your authenticator app.'}
      >
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            // biome-ignore lint/a11y/noAutofocus: the step's one field, shown after the password step
            autoFocus
          />
        )}
      </Field>
      <FormMessage>{formProblem(problem)}</FormMessage>
      <button type="submit" className="button button--primary button--wide" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Sign in'}
      </button>
      <button type="button" className="button button--ghost button--wide" onClick={onRestart}>
        Start again
      </button>
    </form>
  );
}
