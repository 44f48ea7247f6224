import type { PlayerDeps } from './context.ts';

/**
 * The sends the player module makes, declared here (decision 0098): the notification module's messenger
 * satisfies it as it is, and the app wires one to the other, so player never imports notification.
 */
export interface AccountMessenger {
  sendEmail(message: AccountEmail): Promise<void>;
  sendSms(message: AccountSms): Promise<void>;
}

export interface AccountEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface AccountSms {
  /** Digits only, country code first (api-contract §1.5). */
  to: string;
  text: string;
}

/** What sending needs: the port, the site's address for links, and a log for failed deliveries. */
export type MailDeps = Pick<PlayerDeps, 'messenger' | 'config' | 'log'>;

/**
 * Texts of the account e-mails and SMS. Delivery is not awaited by the answer: a slow or failing
 * provider neither delays nor changes a response (which also keeps "account exists" timings alike);
 * failures are logged.
 */
function deliver(deps: MailDeps, what: string, send: () => Promise<void>): void {
  send().catch((error: unknown) => deps.log.error({ err: error, what }, 'account message not delivered'));
}

export const mail = {
  confirmEmail(deps: MailDeps, to: string, code: string) {
    const link = `${deps.config.publicUrl}/verify/${code}`;
    deliver(deps, 'confirm-email', () =>
      deps.messenger.sendEmail({
        to,
        subject: 'Confirm your e-mail address',
        text: `Welcome to Croupier.\n\nConfirm your e-mail address by opening this link:\n${link}\n\nIf you did not create an account, ignore this message.`,
        html: `<p>Welcome to Croupier.</p><p><a href="${link}">Confirm your e-mail address</a></p><p>If you did not create an account, ignore this message.</p>`,
      }),
    );
  },
  registrationAttempt(deps: MailDeps, to: string) {
    const link = `${deps.config.publicUrl}/?forgot-pass=true`;
    deliver(deps, 'registration-attempt', () =>
      deps.messenger.sendEmail({
        to,
        subject: 'Someone tried to register with your e-mail',
        text: `Someone tried to create a new Croupier account with this e-mail address, which already has an account.\n\nIf it was you, sign in instead; if you forgot your password, reset it here:\n${link}\n\nIf it was not you, no action is needed.`,
      }),
    );
  },
  passwordReset(deps: MailDeps, to: string, code: string) {
    const link = `${deps.config.publicUrl}/password/reset/${code}`;
    deliver(deps, 'password-reset', () =>
      deps.messenger.sendEmail({
        to,
        subject: 'Reset your password',
        text: `Set a new password by opening this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.`,
        html: `<p><a href="${link}">Set a new password</a> (the link works for one hour).</p><p>If you did not ask for this, ignore this message: your password stays as it is.</p>`,
      }),
    );
  },
  underAttack(deps: MailDeps, to: string, link: string) {
    deliver(deps, 'under-attack', () =>
      deps.messenger.sendEmail({
        to,
        subject: 'Many failed sign-ins to your account',
        text: `Someone has been trying many wrong passwords for your Croupier account, so sign-in with a password is paused for a while.\n\nYou can still sign in with this one-time link (it works once, for 10 minutes):\n${link}\n\nIf it was not you, consider changing your password once signed in.`,
        html: `<p>Someone has been trying many wrong passwords for your Croupier account, so sign-in with a password is paused for a while.</p><p><a href="${link}">Sign in with this one-time link</a> (it works once, for 10 minutes).</p><p>If it was not you, consider changing your password once signed in.</p>`,
      }),
    );
  },
  passwordChanged(deps: MailDeps, to: string) {
    deliver(deps, 'password-changed', () =>
      deps.messenger.sendEmail({
        to,
        subject: 'Your password was changed',
        text: 'The password of your Croupier account was changed and your other sessions were closed.\n\nIf this was not you, reset your password at once and contact support.',
      }),
    );
  },
  emailChanged(deps: MailDeps, to: string, newEmail: string) {
    deliver(deps, 'email-changed', () =>
      deps.messenger.sendEmail({
        to,
        subject: 'Your e-mail address was changed',
        text: `The e-mail address of your Croupier account was changed to ${newEmail}.\n\nIf this was not you, contact support at once.`,
      }),
    );
  },
  otp(deps: MailDeps, to: string, code: string) {
    deliver(deps, 'otp', () =>
      deps.messenger.sendSms({ to, text: `Your Croupier code is ${code}. It expires in 10 minutes.` }),
    );
  },
  phoneTaken(deps: MailDeps, to: string) {
    deliver(deps, 'phone-taken', () =>
      deps.messenger.sendSms({
        to,
        text: 'Someone tried to register at Croupier with this number, which already has an account. If it was you, sign in or reset your password.',
      }),
    );
  },
};
