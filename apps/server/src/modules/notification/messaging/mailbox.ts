import type { OutboundMessage } from '@croupier/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { outboundMessages } from '../schema.ts';
import type { Messenger } from './port.ts';
import { emailRecipient, mailboxKey, smsRecipient } from './recipient.ts';

/**
 * The development mailbox: every message becomes a row of notification.outbound_messages instead of
 * (or, when mirroring, besides) leaving the building. Read back with `listMailbox`.
 */
export function createMailbox(db: Db): Messenger {
  return {
    async sendEmail(message) {
      const to = emailRecipient(message.to, 'mailbox');
      await db.insert(outboundMessages).values({
        channel: 'email',
        to: mailboxKey(to),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    async sendSms(message) {
      const to = smsRecipient(message.to, 'mailbox');
      await db.insert(outboundMessages).values({ channel: 'sms', to, subject: null, text: message.text, html: null });
    },
  };
}

export interface MailboxQuery {
  /** Exact recipient: an e-mail (any case) or a phone (formatting ignored). */
  to?: string | undefined;
  limit: number;
}

/** Captured messages, newest first. */
export async function listMailbox(db: Db, query: MailboxQuery): Promise<OutboundMessage[]> {
  const rows = await db
    .select()
    .from(outboundMessages)
    .where(query.to === undefined ? undefined : eq(outboundMessages.to, mailboxKey(query.to)))
    .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.seq))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}
