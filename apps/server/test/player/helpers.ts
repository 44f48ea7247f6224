import type { Messenger, OutboundEmail, OutboundSms } from '../../src/modules/notification/messaging/port.ts';
import type { PlayerModule } from '../../src/modules/player/index.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../harness.ts';

/** Records every e-mail and SMS instead of sending it. */
export class FakeMessenger implements Messenger {
  emails: OutboundEmail[] = [];
  sms: OutboundSms[] = [];
  async sendEmail(message: OutboundEmail) {
    this.emails.push(message);
  }
  async sendSms(message: OutboundSms) {
    this.sms.push(message);
  }
  emailsTo(to: string) {
    return this.emails.filter((m) => m.to === to);
  }
  lastLink(to: string, pattern: RegExp): string {
    const mail = this.emailsTo(to).at(-1);
    const match = mail?.text.match(pattern);
    if (!match?.[1]) throw new Error(`no link matching ${pattern} in mail to ${to}`);
    return match[1];
  }
  lastCode(to: string): string {
    const text = this.sms.filter((m) => m.to === to).at(-1)?.text ?? '';
    const match = text.match(/\b(\d{6})\b/);
    if (!match?.[1]) throw new Error(`no code in SMS to ${to}`);
    return match[1];
  }
}

export interface PlayerTestApp extends TestApp {
  messenger: FakeMessenger;
  player: PlayerModule;
  /** A request from its own IP, so per-IP limits bite only where a test means them to. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string>; cookie?: string },
    // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  ): Promise<{ status: number; json: any; headers: Record<string, unknown> }>;
}

let ipCounter = 0;
export const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export async function createPlayerTestApp(
  env: Record<string, string> = {},
  options: Pick<TestAppOptions, 'moneyRules' | 'checks' | 'riskClock' | 'withdrawalReview'> = {},
): Promise<PlayerTestApp> {
  const messenger = new FakeMessenger();
  let player!: PlayerModule;
  const t = await createTestApp(env, {
    ...options,
    messenger,
    onPlayerModule: (p) => {
      player = p;
    },
  });
  return {
    ...t,
    messenger,
    player,
    call(method, url, { body, token, ip, headers, cookie } = {}) {
      return t.request({
        method,
        url,
        headers: {
          'cf-connecting-ip': ip ?? nextIp(),
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) vitest',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
  };
}

let emailCounter = 0;
export const uniqueEmail = (prefix = 'player') => `${prefix}${++emailCounter}.${Date.now()}@example.com`;

export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'secret-pass-1',
  currency: 'EUR',
  country: 'DE',
  agreements: 1,
  receiveEmailPromo: 0,
  receiveSmsPromo: 1,
  locale: 'en',
  fingerprint: 'fp-test',
  affiliateTag: 'aff-1',
  referralCode: '',
  ...extra,
});

/** Registers a player and answers its Auth. */
export async function registerPlayer(t: PlayerTestApp, email = uniqueEmail(), extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/player/register', { body: registration(email, extra) });
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.json)}`);
  return {
    email,
    password: 'secret-pass-1',
    auth: res.json.data as { accessToken: string; sessionId: string; profile: { id: string } },
    /** The refresh cookie pair (`croupier_refresh=…`) a refresh needs with the access token. */
    refreshCookie: refreshCookieIn(res.headers),
  };
}

/** The `croupier_refresh=…` pair an answer set, for the Cookie header of the next refresh (docs/decisions/0032). */
export function refreshCookieIn(headers: Record<string, unknown>): string {
  const all = [headers['set-cookie']].flat().filter((v): v is string => typeof v === 'string');
  const pair = all.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('croupier_refresh='));
  if (!pair) throw new Error(`no refresh cookie in ${JSON.stringify(all)}`);
  return pair;
}

export async function login(t: PlayerTestApp, loginName: string, password: string, ip?: string) {
  return t.call('POST', '/api/player/sessions', { body: { login: loginName, password, fingerprint: 'fp' }, ip });
}

/** Valid numbers per libphonenumber "max" metadata. */
let phoneCounter = 0;
export const uniquePhone = () =>
  `49151${String(++phoneCounter).padStart(3, '0')}${String(Date.now() % 10000).padStart(4, '0')}1`;
