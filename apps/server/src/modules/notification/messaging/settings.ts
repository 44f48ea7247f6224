import { type Config, ConfigError } from '../../../config.ts';

export interface MessagingSettings {
  /** Store every message in notification.outbound_messages and serve GET /api/dev/mailbox. */
  devMailbox: boolean;
  smtp: { url: string; from: string; host: string } | null;
  twilio: { accountSid: string; authToken: string; from: string } | null;
}

/** DEV_MAILBOX, defaulting to on outside production and off in production. */
export function devMailboxEnabled(config: Pick<Config, 'DEV_MAILBOX' | 'NODE_ENV'>): boolean {
  return config.DEV_MAILBOX ?? config.NODE_ENV !== 'production';
}

/**
 * Which adapters the configuration asks for. Single variables are validated by the config schema;
 * this checks that a chosen provider has everything it needs, and stops with a ConfigError naming
 * the missing variables otherwise.
 */
export function messagingSettings(config: Config): MessagingSettings {
  let twilio: MessagingSettings['twilio'] = null;
  if (config.SMS_PROVIDER === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((k) => !config[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when SMS_PROVIDER is twilio`).join('\n')}`,
      );
    }
    twilio = {
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
    };
  }
  return {
    devMailbox: devMailboxEnabled(config),
    smtp: config.SMTP_URL
      ? { url: config.SMTP_URL, from: config.MAIL_FROM, host: new URL(config.SMTP_URL).host }
      : null,
    twilio,
  };
}
