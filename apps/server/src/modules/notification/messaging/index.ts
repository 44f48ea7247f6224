import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { MessagingError } from './errors.ts';
import { createMailbox } from './mailbox.ts';
import type { Messenger, OutboundEmail, OutboundSms } from './port.ts';
import { maskRecipient } from './recipient.ts';
import { messagingSettings } from './settings.ts';
import { createSmtpSender } from './smtp.ts';
import { createTwilioSender } from './twilio.ts';

export { MessagingError } from './errors.ts';
export { createMailbox, listMailbox, type MailboxQuery } from './mailbox.ts';
export type { Messenger, OutboundEmail, OutboundSms } from './port.ts';
export { devMailboxEnabled, type MessagingSettings, messagingSettings } from './settings.ts';
export { createSmtpSender, type SmtpOptions } from './smtp.ts';
export { createTwilioSender, type TwilioOptions } from './twilio.ts';

export type MessagingLogger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface MessengerOptions {
  /** Request-independent logger (the app's `app.log`). Default: a pino logger at LOG_LEVEL. */
  logger?: MessagingLogger;
  /** Twilio API origin; tests point it at a local fake. */
  twilioBaseUrl?: string;
}

/**
 * The Messenger the configuration asks for: e-mail through SMTP when SMTP_URL is set, SMS through
 * Twilio when SMS_PROVIDER=twilio, the development mailbox for whatever is not configured. With
 * DEV_MAILBOX on, the mailbox also keeps a copy of what the real adapters delivered (staging).
 * Sending errors are thrown to the caller; an incomplete provider configuration throws ConfigError.
 */
export function createMessenger(config: Config, db: Db, options: MessengerOptions = {}): Messenger {
  const settings = messagingSettings(config);
  const logger = options.logger ?? pino({ name: 'messaging', level: config.LOG_LEVEL });
  const mailbox = createMailbox(db);
  const smtp = settings.smtp ? createSmtpSender(settings.smtp) : null;
  const twilio = settings.twilio
    ? createTwilioSender({
        ...settings.twilio,
        ...(options.twilioBaseUrl === undefined ? {} : { baseUrl: options.twilioBaseUrl }),
      })
    : null;

  logger.info(
    {
      email: smtp ? `smtp ${settings.smtp!.host}` : 'mailbox',
      sms: twilio ? 'twilio' : 'mailbox',
      devMailbox: settings.devMailbox,
    },
    'messaging ready',
  );
  if (config.NODE_ENV === 'production') {
    const stored = [!smtp && 'e-mail (SMTP_URL unset)', !twilio && 'SMS (SMS_PROVIDER unset)'].filter(Boolean);
    if (stored.length > 0) {
      logger.warn(`${stored.join(' and ')} only go to the mailbox table: nobody receives them`);
    }
  }

  /** Through the real adapter, then (mirroring) a copy in the mailbox; a failed copy never fails the send. */
  async function deliver<M extends OutboundEmail | OutboundSms>(
    channel: 'email' | 'sms',
    message: M,
    real: ((m: M) => Promise<void>) | null,
    copy: (m: M) => Promise<void>,
  ): Promise<void> {
    const provider = real ? (channel === 'email' ? 'smtp' : 'twilio') : 'mailbox';
    const to = maskRecipient(message.to);
    try {
      await (real ?? copy)(message);
    } catch (error) {
      logger.error(
        {
          channel,
          provider,
          to,
          err: error,
          ...(error instanceof MessagingError ? { status: error.status, code: error.code } : {}),
        },
        `${channel === 'email' ? 'e-mail' : 'SMS'} not sent`,
      );
      throw error;
    }
    logger.debug({ channel, provider, to }, `${channel === 'email' ? 'e-mail' : 'SMS'} sent`);
    if (real && settings.devMailbox) {
      await copy(message).catch((error: unknown) =>
        logger.error({ channel, to, err: error }, 'sent, but the mailbox copy failed'),
      );
    }
  }

  return {
    sendEmail: (message) => deliver('email', message, smtp && ((m) => smtp.sendEmail(m)), (m) => mailbox.sendEmail(m)),
    sendSms: (message) => deliver('sms', message, twilio && ((m) => twilio.sendSms(m)), (m) => mailbox.sendSms(m)),
  };
}
