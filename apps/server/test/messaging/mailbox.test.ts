import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorEnvelope, endpoints } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createMailbox, createMessenger, MessagingError } from '../../src/modules/notification/messaging/index.ts';
import type { Messenger } from '../../src/modules/notification/messaging/port.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { recordingLogger } from './fakes.ts';

let t: TestApp;
let mailbox: Messenger;
beforeAll(async () => {
  t = await createTestApp();
  mailbox = createMailbox(t.database.db);
});
afterAll(() => t.close());

const list = (query = '') => t.request({ method: 'GET', url: `/api/dev/mailbox${query}` });

describe(`development mailbox (${databaseKind})`, () => {
  it('stores e-mails and SMS and lists them newest first, as the contract says', async () => {
    await mailbox.sendEmail({
      to: 'Order@Example.com',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
    });
    await mailbox.sendSms({ to: '+49 151 2345-6789', text: 'Your code is 123456' });
    await mailbox.sendEmail({ to: 'order@example.com', subject: 'Third', text: 'three' });

    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = endpoints.player.devMailbox.response.parse(res.json).data;
    expect(data.map((m) => m.subject ?? m.text)).toEqual(['Third', 'Your code is 123456', 'First']);
    expect(data[0]).toMatchObject({ channel: 'email', to: 'order@example.com', html: null });
    expect(data[1]).toMatchObject({ channel: 'sms', to: '4915123456789', subject: null, html: null });
    expect(data[2]).toMatchObject({ channel: 'email', to: 'order@example.com', text: 'one', html: '<p>one</p>' });
    for (const m of data) {
      expect(m.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);
    }
    expect(Date.parse(data[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(data[2]!.createdAt));
  });

  it('filters by exact recipient: e-mail in any case, phone in any formatting', async () => {
    await mailbox.sendEmail({ to: 'filter@example.com', subject: 'For filter', text: 'x' });
    await mailbox.sendEmail({ to: 'filter@example.com.evil', subject: 'Not for filter', text: 'x' });
    await mailbox.sendSms({ to: '15551230000', text: 'sms for filter' });

    const byEmail = await list('?to=FILTER%40Example.COM');
    expect(byEmail.json.data.map((m: { subject: string }) => m.subject)).toEqual(['For filter']);
    const byPhone = await list(`?to=${encodeURIComponent('+1 (555) 123-0000')}`);
    expect(byPhone.json.data.map((m: { text: string }) => m.text)).toEqual(['sms for filter']);
    expect((await list('?to=15551230000')).json.data).toHaveLength(1);
    expect((await list('?to=nobody%40example.com')).json.data).toEqual([]);
    // Not a prefix or substring match.
    expect((await list('?to=filter')).json.data).toEqual([]);
    expect((await list('?to=1555123')).json.data).toEqual([]);
  });

  it('honours the limit, keeping the newest', async () => {
    for (let i = 0; i < 4; i++) await mailbox.sendSms({ to: '4400000000', text: `n${i}` });
    const res = await list('?to=4400000000&limit=2');
    expect(res.json.data.map((m: { text: string }) => m.text)).toEqual(['n3', 'n2']);
    expect((await list('?limit=1')).json.data).toHaveLength(1);
    expect((await list('?to=4400000000')).json.data).toHaveLength(4);
  });

  it.each(['0', '201', 'abc', '1.5', '-1'])('answers limit=%s with 422 naming the field', async (limit) => {
    const res = await list(`?limit=${limit}`);
    expect(res.status).toBe(422);
    expect(ErrorEnvelope.parse(res.json).error.code).toBe(3);
    expect(Object.keys(res.json.error.fields)).toEqual(['limit']);
  });

  it('answers an overlong recipient filter with 422', async () => {
    const res = await list(`?to=${'a'.repeat(255)}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error.fields)).toEqual(['to']);
  });

  it('refuses a recipient that is not one plain address or a phone, like a real adapter would', async () => {
    for (const to of ['not-an-email', 'a@b.co, c@d.co', 'Name <a@b.co>', 'a@b.co\r\nBcc: x@y.co']) {
      await expect(mailbox.sendEmail({ to, subject: 's', text: 't' })).rejects.toBeInstanceOf(MessagingError);
    }
    for (const to of ['', 'call me', '+']) {
      await expect(mailbox.sendSms({ to, text: 't' })).rejects.toBeInstanceOf(MessagingError);
    }
  });

  it('is what createMessenger uses when neither SMTP nor SMS is configured', async () => {
    const { logger, lines } = recordingLogger();
    const messenger = createMessenger(t.config, t.database.db, { logger });
    await messenger.sendEmail({ to: 'default@example.com', subject: 'Welcome', text: 'hi' });
    await messenger.sendSms({ to: '4917000000', text: 'code 000111' });
    expect((await list('?to=default%40example.com')).json.data[0]).toMatchObject({ subject: 'Welcome' });
    expect((await list('?to=4917000000')).json.data[0]).toMatchObject({ text: 'code 000111' });
    expect(lines.find((l) => l.msg === 'messaging ready')?.obj).toEqual({
      email: 'mailbox',
      sms: 'mailbox',
      devMailbox: true,
    });
  });

  it('is listed in the OpenAPI document when enabled', async () => {
    expect(t.app.endpoints).toContain(endpoints.player.devMailbox);
  });
});

describe(`development mailbox switched off (${databaseKind})`, () => {
  /** The same database under another configuration: only the routes differ. */
  const appWith = async (env: Record<string, string>) => {
    // DATA_DIR: a production configuration may keep generated files there; not in the repository.
    const dataDir = mkdtempSync(join(tmpdir(), 'croupier-mailbox-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', DATA_DIR: dataDir, ...env });
    const app = await buildApp({ config, database: t.database, logger: false });
    await app.ready();
    return app;
  };
  const absent = async (env: Record<string, string>) => {
    const app = await appWith(env);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(ErrorEnvelope.parse(res.json()).error.code).toBe(2);
      expect(app.endpoints).not.toContain(endpoints.player.devMailbox);
    } finally {
      await app.close();
    }
  };

  it('has no route with DEV_MAILBOX=false', () => absent({ NODE_ENV: 'test', DEV_MAILBOX: 'false' }));

  it('has no route in production by default', () => absent({ NODE_ENV: 'production' }));

  it('serves the route in production only on explicit opt-in', async () => {
    const app = await appWith({ NODE_ENV: 'production', DEV_MAILBOX: 'true' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
