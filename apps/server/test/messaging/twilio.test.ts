import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioSender, MessagingError } from '../../src/modules/notification/messaging/index.ts';
import { closedPort, type FakeHttp, startFakeHttp, startSilentServer } from './fakes.ts';

const accountSid = `AC${'a1'.repeat(16)}`;
const authToken = 'test-auth-token';

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.answers.length = 0;
});

const sender = (from = '+15005550006') => createTwilioSender({ accountSid, authToken, from, baseUrl: fake.baseUrl });

describe('Twilio adapter (local fake of the REST API)', () => {
  it('posts a form-encoded message with basic auth to the Messages resource of the account', async () => {
    await sender().sendSms({ to: '4915123456789', text: 'Your code is 123456 & more' });
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(req!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
    const form = new URLSearchParams(req!.body);
    expect([...form.keys()].sort()).toEqual(['Body', 'From', 'To']);
    expect(form.get('To')).toBe('+4915123456789');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Body')).toBe('Your code is 123456 & more');
  });

  it('normalises a formatted number to +digits', async () => {
    await sender().sendSms({ to: '+1 (555) 010-0000', text: 'x' });
    expect(new URLSearchParams(fake.requests[0]!.body).get('To')).toBe('+15550100000');
  });

  it('sends through a messaging service when TWILIO_FROM is a service SID', async () => {
    const service = `MG${'0f'.repeat(16)}`;
    await sender(service).sendSms({ to: '15550100000', text: 'x' });
    const form = new URLSearchParams(fake.requests[0]!.body);
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.has('From')).toBe(false);
  });

  it("turns a refusal into a MessagingError carrying Twilio's message, code and status", async () => {
    fake.answers.push({
      status: 400,
      body: JSON.stringify({
        code: 21211,
        message: "The 'To' number +4900 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      }),
    });
    const error = await sender()
      .sendSms({ to: '4900', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessagingError);
    expect((error as MessagingError).message).toBe(
      "Twilio refused the SMS (HTTP 400, code 21211): The 'To' number +4900 is not a valid phone number.",
    );
    expect(error).toMatchObject({ channel: 'sms', provider: 'twilio', status: 400, code: 21211 });
  });

  it('maps bad credentials (401) and a non-JSON server error (503)', async () => {
    fake.answers.push({ status: 401, body: JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }) });
    await expect(sender().sendSms({ to: '15550100000', text: 'x' })).rejects.toMatchObject({
      message: 'Twilio refused the SMS (HTTP 401, code 20003): Authenticate',
      status: 401,
      code: 20003,
    });
    fake.answers.push({ status: 503, body: '<html>upstream down</html>', contentType: 'text/html' });
    await expect(sender().sendSms({ to: '15550100000', text: 'x' })).rejects.toMatchObject({
      message: 'Twilio refused the SMS (HTTP 503): <html>upstream down</html>',
      status: 503,
      code: undefined,
    });
  });

  it('reports an unreachable API as a MessagingError', async () => {
    const port = await closedPort();
    const unreachable = createTwilioSender({
      accountSid,
      authToken,
      from: '+15005550006',
      baseUrl: `http://127.0.0.1:${port}`,
    });
    const error = await unreachable.sendSms({ to: '15550100000', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessagingError);
    expect((error as MessagingError).message).toMatch(/^Twilio could not be reached/);
  });

  it('gives up after its timeout when the API never answers', async () => {
    const silent = await startSilentServer();
    try {
      const slow = createTwilioSender({
        accountSid,
        authToken,
        from: '+15005550006',
        baseUrl: `http://127.0.0.1:${silent.port}`,
        timeoutMs: 200,
      });
      const started = Date.now();
      const error = await slow.sendSms({ to: '15550100000', text: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MessagingError);
      expect((error as MessagingError).message).toMatch(/^Twilio could not be reached/);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await silent.close();
    }
  });

  it('refuses a recipient that is not a phone number without calling Twilio', async () => {
    await expect(sender().sendSms({ to: 'not a phone', text: 'x' })).rejects.toBeInstanceOf(MessagingError);
    expect(fake.requests).toHaveLength(0);
  });
});
