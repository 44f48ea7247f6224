import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import {
  createMessenger,
  devMailboxEnabled,
  MessagingError,
  messagingSettings,
} from '../../src/modules/notification/messaging/index.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { type FakeHttp, recordingLogger, type SmtpSink, startFakeHttp, startSmtpSink } from './fakes.ts';

const twilioEnv = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
};

let t: TestApp;
let sink: SmtpSink;
let twilio: FakeHttp;
beforeAll(async () => {
  [t, sink, twilio] = await Promise.all([createTestApp(), startSmtpSink(), startFakeHttp()]);
});
afterAll(() => Promise.all([t.close(), sink.close(), twilio.close()]));
beforeEach(() => {
  sink.messages.length = 0;
  twilio.requests.length = 0;
  twilio.answers.length = 0;
});

const realEnv = () => ({ NODE_ENV: 'test', SMTP_URL: `smtp://127.0.0.1:${sink.port}`, ...twilioEnv });
const messengerWith = (env: Record<string, string>, db: Db = t.database.db) => {
  const { logger, lines } = recordingLogger();
  const messenger = createMessenger(loadConfig({ LOG_LEVEL: 'silent', ...env }), db, {
    logger,
    twilioBaseUrl: twilio.baseUrl,
  });
  return { messenger, lines };
};
const mailboxFor = async (to: string) =>
  (await t.request({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json.data;

describe(`createMessenger: which adapter delivers (${databaseKind})`, () => {
  it('sends through SMTP and Twilio when configured, and the mailbox keeps a copy when DEV_MAILBOX is on', async () => {
    const { messenger, lines } = messengerWith({ ...realEnv(), DEV_MAILBOX: 'true' });
    expect(lines.find((l) => l.msg === 'messaging ready')?.obj).toEqual({
      email: `smtp 127.0.0.1:${sink.port}`,
      sms: 'twilio',
      devMailbox: true,
    });
    await messenger.sendEmail({ to: 'staging@example.com', subject: 'Reset', text: 'link', html: '<a>link</a>' });
    await messenger.sendSms({ to: '4915100000001', text: 'code 424242' });

    expect(sink.messages.map((m) => m.rcptTo)).toEqual([['staging@example.com']]);
    expect(new URLSearchParams(twilio.requests[0]!.body).get('To')).toBe('+4915100000001');
    expect(await mailboxFor('staging@example.com')).toMatchObject([
      { channel: 'email', subject: 'Reset', html: '<a>link</a>' },
    ]);
    expect(await mailboxFor('4915100000001')).toMatchObject([{ channel: 'sms', text: 'code 424242' }]);
  });

  it('keeps no copy when DEV_MAILBOX is off', async () => {
    const { messenger } = messengerWith({ ...realEnv(), DEV_MAILBOX: 'false' });
    await messenger.sendEmail({ to: 'prod@example.com', subject: 's', text: 't' });
    await messenger.sendSms({ to: '4915100000002', text: 'code 1' });
    expect(sink.messages).toHaveLength(1);
    expect(twilio.requests).toHaveLength(1);
    expect(await mailboxFor('prod@example.com')).toEqual([]);
    expect(await mailboxFor('4915100000002')).toEqual([]);
  });

  it('mixes: SMTP for e-mail, the mailbox for SMS when no SMS provider is set', async () => {
    const { messenger } = messengerWith({ NODE_ENV: 'test', SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    await messenger.sendEmail({ to: 'mixed@example.com', subject: 's', text: 't' });
    await messenger.sendSms({ to: '4915100000003', text: 'code 2' });
    expect(sink.messages).toHaveLength(1);
    expect(twilio.requests).toHaveLength(0);
    expect(await mailboxFor('4915100000003')).toMatchObject([{ text: 'code 2' }]);
  });

  it('throws a failed send to the caller, logs it without the text, and stores no copy', async () => {
    const { messenger, lines } = messengerWith({ ...realEnv(), DEV_MAILBOX: 'true' });
    twilio.answers.push({ status: 400, body: JSON.stringify({ code: 21608, message: 'Unverified number' }) });
    const error = await messenger.sendSms({ to: '4915100000004', text: 'secret 987654' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessagingError);
    expect((error as Error).message).toContain('Unverified number');
    expect(await mailboxFor('4915100000004')).toEqual([]);
    const logged = lines.find((l) => l.level === 'error');
    expect(logged?.obj).toMatchObject({ channel: 'sms', provider: 'twilio', status: 400, code: 21608, to: '***0004' });
    expect(JSON.stringify(lines)).not.toContain('987654');

    sink.rejectRecipients.add('bounce@example.com');
    await expect(messenger.sendEmail({ to: 'bounce@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      provider: 'smtp',
      status: 550,
    });
  });

  it('does not fail a delivered message when only the mailbox copy fails', async () => {
    const broken = {
      insert() {
        throw new Error('database down');
      },
    } as unknown as Db;
    const { messenger, lines } = messengerWith({ ...realEnv(), DEV_MAILBOX: 'true' }, broken);
    await messenger.sendEmail({ to: 'copy@example.com', subject: 's', text: 't' });
    expect(sink.messages).toHaveLength(1);
    expect(lines.find((l) => l.level === 'error')?.msg).toBe('sent, but the mailbox copy failed');
  });

  it('throws when the mailbox itself is the adapter and cannot store', async () => {
    const broken = {
      insert() {
        throw new Error('database down');
      },
    } as unknown as Db;
    const { messenger } = messengerWith({ NODE_ENV: 'test' }, broken);
    await expect(messenger.sendSms({ to: '4915100000005', text: 'x' })).rejects.toThrow('database down');
  });

  it('warns at start in production when a channel only reaches the mailbox table', () => {
    const { lines } = messengerWith({ NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
      'SMS (SMS_PROVIDER unset) only go to the mailbox table: nobody receives them',
    ]);
  });
});

describe('messaging configuration', () => {
  it('turns the development mailbox on outside production and off in production unless opted in', () => {
    expect(devMailboxEnabled(loadConfig({}))).toBe(true);
    expect(devMailboxEnabled(loadConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(devMailboxEnabled(loadConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(devMailboxEnabled(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }))).toBe(true);
    expect(devMailboxEnabled(loadConfig({ NODE_ENV: 'development', DEV_MAILBOX: 'false' }))).toBe(false);
  });

  it('has defaults that send nothing anywhere', () => {
    const c = loadConfig({});
    expect(c.MAIL_FROM).toBe('Croupier <no-reply@croupier.local>');
    expect(messagingSettings(c)).toEqual({ devMailbox: true, smtp: null, twilio: null });
  });

  it('accepts SMTP URLs with or without credentials', () => {
    for (const SMTP_URL of [
      'smtp://mail:1025',
      'smtps://u%40x.io:p%2Fw@smtp.example.com:465',
      'smtp://u:p@h?pool=true',
    ]) {
      expect(loadConfig({ SMTP_URL }).SMTP_URL).toBe(SMTP_URL);
    }
    expect(messagingSettings(loadConfig({ SMTP_URL: 'smtps://u:secret@smtp.example.com:465' })).smtp?.host).toBe(
      'smtp.example.com:465',
    );
  });

  it.each([
    ['SMTP_URL', 'http://smtp.example.com'],
    ['SMTP_URL', 'smtp.example.com:587'],
    ['SMTP_URL', 'smtp://user@smtp.example.com'],
    ['MAIL_FROM', 'Croupier'],
    ['MAIL_FROM', 'a@b.co\r\nBcc: x@y.z'],
    ['SMS_PROVIDER', 'nexmo'],
    ['TWILIO_ACCOUNT_SID', 'AC123'],
    ['TWILIO_FROM', '0049151'],
    ['TWILIO_FROM', 'ThisIsTooLongASender'],
    ['DEV_MAILBOX', 'yes'],
  ])('stops on a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('accepts the three kinds of Twilio sender', () => {
    for (const TWILIO_FROM of ['+15005550006', `MG${'a'.repeat(32)}`, 'Croupier']) {
      expect(loadConfig({ TWILIO_FROM }).TWILIO_FROM).toBe(TWILIO_FROM);
    }
  });

  it('stops when SMS_PROVIDER=twilio lacks a credential, naming what is missing', () => {
    const config = loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: twilioEnv.TWILIO_ACCOUNT_SID });
    expect(() => messagingSettings(config)).toThrow(ConfigError);
    expect(() => messagingSettings(config)).toThrow(/TWILIO_AUTH_TOKEN.*\n.*TWILIO_FROM/);
    expect(() => createMessenger(config, t.database.db)).toThrow(ConfigError);
  });
});
