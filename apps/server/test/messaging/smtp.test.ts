import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpSender, MessagingError } from '../../src/modules/notification/messaging/index.ts';
import { closedPort, type SmtpSink, startSmtpSink } from './fakes.ts';

const credentials = { user: 'mailer@croupier.test', pass: 'p@ss word/1' };
const from = 'Croupier <no-reply@croupier.local>';

let sink: SmtpSink;
let url: string;
beforeAll(async () => {
  sink = await startSmtpSink(credentials);
  url = `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${sink.port}`;
});
afterAll(() => sink.close());
beforeEach(() => {
  sink.messages.length = 0;
  sink.rejectRecipients.clear();
});

/** Header value of a raw message (first occurrence, unfolded). */
const header = (data: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(data)?.[1]?.replace(/\r\n[ \t]+/g, ' ');

describe('SMTP adapter (local SMTP sink on a real socket)', () => {
  it('authenticates with the URL credentials and delivers envelope, headers, text and HTML', async () => {
    await createSmtpSender({ url, from }).sendEmail({
      to: 'player@example.com',
      subject: 'Confirm your e-mail address',
      text: 'Open this link:\nhttp://localhost:3000/verify/abc\n.\nA line with only a dot above.',
      html: '<p><a href="http://localhost:3000/verify/abc">Confirm</a></p>',
    });
    expect(sink.messages).toHaveLength(1);
    const [m] = sink.messages;
    expect(m!.auth).toEqual(credentials);
    expect(m!.mailFrom).toBe('no-reply@croupier.local');
    expect(m!.rcptTo).toEqual(['player@example.com']);
    expect(header(m!.data, 'From')).toBe(from);
    expect(header(m!.data, 'To')).toBe('player@example.com');
    expect(header(m!.data, 'Subject')).toBe('Confirm your e-mail address');
    expect(header(m!.data, 'Content-Type')).toMatch(/^multipart\/alternative/);
    expect(m!.data).toContain('Content-Type: text/plain');
    expect(m!.data).toContain('Content-Type: text/html');
    // Dot-stuffing survived the trip: the lone "." line is part of the text.
    expect(m!.data).toContain('\r\n.\r\nA line with only a dot above.');
    expect(m!.data).toContain('<p><a href="http://localhost:3000/verify/abc">Confirm</a></p>');
  });

  it('sends a text-only e-mail as text/plain and encodes a non-ASCII subject', async () => {
    await createSmtpSender({ url, from }).sendEmail({ to: 'p@example.com', subject: 'Bonus für dich', text: 'Hallo' });
    const data = sink.messages[0]!.data;
    expect(header(data, 'Content-Type')).toMatch(/^text\/plain/);
    expect(header(data, 'Subject')).toMatch(/^=\?UTF-8\?Q\?Bonus_f=C3=BCr_dich\?=$/);
  });

  it('maps a rejected recipient to a MessagingError with the SMTP reply code', async () => {
    sink.rejectRecipients.add('gone@example.com');
    const error = await createSmtpSender({ url, from })
      .sendEmail({ to: 'gone@example.com', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessagingError);
    expect(error).toMatchObject({ channel: 'email', provider: 'smtp', status: 550 });
    expect((error as MessagingError).message).toMatch(/^SMTP could not send the e-mail: .*550/);
    expect(sink.messages).toHaveLength(0);
  });

  it('maps bad credentials to a MessagingError (EAUTH)', async () => {
    const wrong = url.replace(encodeURIComponent(credentials.pass), 'wrong');
    const error = await createSmtpSender({ url: wrong, from })
      .sendEmail({ to: 'p@example.com', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ provider: 'smtp', code: 'EAUTH', status: 535 });
    expect((error as Error).message).not.toContain('wrong');
  });

  it('maps an unreachable server to a MessagingError', async () => {
    const port = await closedPort();
    const error = await createSmtpSender({ url: `smtp://127.0.0.1:${port}`, from })
      .sendEmail({ to: 'p@example.com', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessagingError);
    expect(error).toMatchObject({ provider: 'smtp', code: 'ESOCKET' });
  });

  it('refuses a recipient list or a display name before talking to the server', async () => {
    for (const to of ['a@example.com, b@example.com', 'Eve <eve@example.com>', 'a@example.com\r\nBcc: b@example.com']) {
      await expect(createSmtpSender({ url, from }).sendEmail({ to, subject: 's', text: 't' })).rejects.toBeInstanceOf(
        MessagingError,
      );
    }
    expect(sink.messages).toHaveLength(0);
  });
});
