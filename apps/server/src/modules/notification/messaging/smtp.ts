import { createTransport } from 'nodemailer';
import { MessagingError } from './errors.ts';
import type { Messenger } from './port.ts';
import { emailRecipient } from './recipient.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465; nodemailer query options (?pool=true) apply. */
  url: string;
  /** The From header, e.g. 'Croupier <no-reply@example.com>'. */
  from: string;
}

/** E-mail through an SMTP server with nodemailer. The transport is created once and reused. */
export function createSmtpSender({ url, from }: SmtpOptions): Pick<Messenger, 'sendEmail'> {
  // Sending happens inside requests: fail within seconds rather than nodemailer's minutes.
  const transport = createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    async sendEmail(message) {
      const to = emailRecipient(message.to, 'smtp');
      try {
        await transport.sendMail({
          to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } catch (error) {
        const e = error as { message?: string; code?: string; responseCode?: number };
        throw new MessagingError(`SMTP could not send the e-mail: ${e.message ?? String(error)}`, {
          channel: 'email',
          provider: 'smtp',
          ...(e.responseCode === undefined ? {} : { status: e.responseCode }),
          ...(e.code === undefined ? {} : { code: e.code }),
          cause: error,
        });
      }
    },
  };
}
