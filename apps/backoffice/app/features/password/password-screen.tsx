import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * The "Change password" screen: from the account menu, or the only screen while `me.mustChangePassword`
 * (a password chosen by someone else, decision 0111), until the change succeeds.
 */
export function PasswordScreen({ forced }: { forced: boolean }) {
  return (
    <section className="panel panel--narrow">
      <h1 id="password-title">{forced ? 'Choose your own password' : 'Change password'}</h1>
      <p>
        {forced
          ? 'Your password was set by someone else. Choose one only you know before you go on.'
          : 'Your other sessions are signed out when the password changes; this one goes on.'}
      </p>
      <ChangePasswordForm titleId="password-title" submitLabel={forced ? 'Save and continue' : 'Change password'} />
    </section>
  );
}
