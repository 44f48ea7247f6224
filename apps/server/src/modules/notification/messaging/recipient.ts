import { MessagingError } from './errors.ts';

type Provider = 'smtp' | 'twilio' | 'mailbox';

/** One plain address, no display name and no list: a message goes to one person. */
const EMAIL = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;

/** The address as sent (trimmed). Every adapter refuses the same inputs, so development behaves like production. */
export function emailRecipient(to: string, provider: Provider): string {
  const trimmed = to.trim();
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) {
    throw new MessagingError('The e-mail recipient must be one plain address.', { channel: 'email', provider });
  }
  return trimmed;
}

/** Digits only, country code first (api-contract §1.5); spaces, dashes, dots, brackets and a leading + are dropped. */
export function smsRecipient(to: string, provider: Provider): string {
  const digits = to
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
  if (!/^\d{2,20}$/.test(digits)) {
    throw new MessagingError('The SMS recipient must be a phone number, country code first.', {
      channel: 'sms',
      provider,
    });
  }
  return digits;
}

/**
 * How the mailbox files a recipient, so that a filter is an exact match: e-mail lower-cased, phone
 * digits only. A query without '@' is read as a phone number.
 */
export function mailboxKey(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  const digits = trimmed.replace(/\D/g, '');
  return digits === '' ? trimmed : digits;
}

/** For logs: enough to tell messages apart, not enough to identify the person. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  return to.length > 4 ? `***${to.slice(-4)}` : '***';
}
