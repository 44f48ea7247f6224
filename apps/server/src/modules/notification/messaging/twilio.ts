import { MessagingError } from './errors.ts';
import type { Messenger } from './port.ts';
import { smsRecipient } from './recipient.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** +E.164 number, alphanumeric sender ID, or a messaging service SID (MG…). */
  from: string;
  /** Tests point this at a local fake. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** SMS through Twilio's Messages REST API (no SDK: one form-encoded POST). */
export function createTwilioSender({
  accountSid,
  authToken,
  from,
  baseUrl = 'https://api.twilio.com',
  timeoutMs = 15_000,
}: TwilioOptions): Pick<Messenger, 'sendSms'> {
  const endpoint = `${baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const senderField = /^MG[0-9a-fA-F]{32}$/.test(from) ? 'MessagingServiceSid' : 'From';

  return {
    async sendSms(message) {
      const to = smsRecipient(message.to, 'twilio');
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams([
            ['To', `+${to}`],
            [senderField, from],
            ['Body', message.text],
          ]),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new MessagingError(`Twilio could not be reached: ${(error as Error).message}`, {
          channel: 'sms',
          provider: 'twilio',
          cause: error,
        });
      }
      const raw = await response.text().catch(() => '');
      if (response.ok) return;
      // Twilio answers errors as { code, message, more_info, status }.
      let detail: { code?: unknown; message?: unknown } = {};
      try {
        detail = JSON.parse(raw) as typeof detail;
      } catch {}
      const code = typeof detail.code === 'number' ? detail.code : undefined;
      const text =
        typeof detail.message === 'string' && detail.message !== ''
          ? detail.message
          : raw.slice(0, 200) || response.statusText;
      throw new MessagingError(
        `Twilio refused the SMS (HTTP ${response.status}${code === undefined ? '' : `, code ${code}`}): ${text}`,
        { channel: 'sms', provider: 'twilio', status: response.status, ...(code === undefined ? {} : { code }) },
      );
    },
  };
}
