import { resolve } from 'node:path';
import { countries } from '@croupier/contracts/reference/index';
import { z } from 'zod';
import { isCidr, LOOPBACK } from './http/proxies.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** "IR:1,KP:1,RU:2" → restricted country code → restrictType (1 whole site, 2 sign-in/sign-up). */
const restrictedCountries = z
  .string()
  .regex(/^$|^[A-Z]{2}(:[12])?(,[A-Z]{2}(:[12])?)*$/, 'expected a comma-separated list like "IR:1,KP,RU:2"')
  .transform((raw) => {
    const map = new Map<string, 1 | 2>();
    for (const item of raw.split(',').filter(Boolean)) {
      const [code, type] = item.split(':');
      map.set(code!, type === '2' ? 2 : 1);
    }
    return map;
  });

/** "10.0.0.0/8, ::1" → the list, each entry checked here so a typo stops the start (http/proxies.ts matches). */
const trustedProxies = z
  .string()
  .transform((raw) =>
    raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isCidr), {
    message: 'expected comma-separated addresses or CIDRs like "10.0.0.0/8,::1"',
  });

/** "https://casino.example, https://www.casino.example" → origins; anything but a bare http(s) origin stops the start. */
const siteOrigins = z
  .string()
  .transform((raw) =>
    raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .refine(
    (list) =>
      list.every(
        (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v.replace(/\/$/, ''),
      ),
    {
      message: 'expected comma-separated origins like "https://casino.example,https://www.casino.example" (no path)',
    },
  )
  .transform((list) => list.map((v) => new URL(v).origin));

const url = (name: string) => z.string().refine((v) => URL.canParse(v), { message: `${name} must be an absolute URL` });

/** A PostgreSQL URL's host: its authority's, or a `host` parameter's (a Unix socket directory). */
const replicaHostOf = (u: URL) => u.hostname || (u.searchParams.get('host') ?? '');

/** Every setting comes from the environment, validated once at start (README lists them). */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url('PUBLIC_URL').optional(),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  /**
   * A streaming replica of DATABASE_URL's database: reads that tolerate a second of lag go there while its replay
   * lag stays under a second (decision 0119, db/replica.ts). Only with DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v) && URL.canParse(v) && replicaHostOf(new URL(v)) !== '', {
      message: 'must be a postgres:// or postgresql:// URL with a host',
    })
    .optional(),
  /** Connections of the replica's pool, per instance (the primary's pool is separate). */
  DATABASE_REPLICA_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), { message: 'must start with redis:// or rediss://' })
    .optional(),
  RESTRICTED_COUNTRIES: restrictedCountries.default(new Map<string, 1 | 2>()),
  /** `/api/player/init`'s country for a visitor whose country is unknown (docs/decisions/0097). Unset: "". */
  DEFAULT_COUNTRY: z
    .string()
    .refine((code) => countries.some((c) => c.code === code), 'expected a country code of /api/settings/countries')
    .optional(),
  /**
   * Read cf-ipcountry / cf-connecting-ip (spec §9), and only from a peer in TRUSTED_PROXIES (docs/decisions/0030).
   * Turn off when the trusted proxy does not set or strip them.
   */
  TRUST_GEO_HEADERS: bool.default(true),
  /**
   * Peers whose geo and client-address headers are believed: CIDRs or addresses, comma-separated. Unset: loopback
   * outside production and in the `npm start` demo (DEMO), nothing in production.
   */
  TRUSTED_PROXIES: trustedProxies.optional(),
  /** The `npm start` demo (docs/decisions/0037): a visible ribbon, and the production guards off. */
  DEMO: bool.default(false),
  /** PUBLIC_URL is http:// because TLS ends at a proxy in front; lets `--production` start (docs/decisions/0037). */
  TLS_TERMINATED_BY_PROXY: bool.default(false),
  AFFILIATE_COOKIE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RELOAD_GUARD_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  MANIFEST_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  LOYALTY_ENABLED: bool.default(false),
  QUESTS_ENABLED: bool.default(false),
  /** false: retention applies no event (no retention rule in the money path): the retention bench's baseline. */
  RETENTION_ENABLED: bool.default(true),
  /** false: no responsible-gaming or AML flags are raised (no compliance consumer): the flags bench's baseline. */
  FLAGS_ENABLED: bool.default(true),
  /**
   * false: the money path writes no ledger event and no report is kept current (decision 0121): the wallet
   * bench's baseline.
   */
  REPORTS_ENABLED: bool.default(true),
  /**
   * The outbox dispatcher's pause between back-to-back passes, ms: under load a pass then takes what committed
   * meanwhile as one page, one transaction per internal consumer (decision 0121's cost on the bet path). A lone
   * commit is never delayed. 0 runs passes back to back.
   */
  OUTBOX_COALESCE_MS: z.coerce.number().int().min(0).max(1000).default(20),
  BETTING_CLIENT_HOST: z.string().optional(),
  BETTING_CLIENT_ID: z.string().optional(),
  CDN_BASE_URL: z.string().default(''),
  GAME_HUB_CDN_BASE_URL: z.string().default(''),
  HIDE_DOCUMENTS_PAGE: bool.default(false),
  /** Seeds demo data at start. On by default so the quick start shows a living casino. */
  SEED_DEMO_DATA: bool.default(true),
  // ── Messaging (notification module; completeness of a provider is checked by messaging/settings.ts) ──
  /** E-mail through SMTP: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  SMTP_URL: z
    .string()
    .refine(
      (v) => {
        if (!URL.canParse(v)) return false;
        const u = new URL(v);
        return /^smtps?:$/.test(u.protocol) && u.hostname !== '' && (u.username === '') === (u.password === '');
      },
      { message: 'must be smtp:// or smtps:// with a host, and user and password together (smtps://user:pass@host)' },
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address like "Croupier <no-reply@example.com>"')
    .default('Croupier <no-reply@croupier.local>'),
  SMS_PROVIDER: z.enum(['twilio']).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** A phone number (+E.164), a messaging service SID (MG…) or an alphanumeric sender ID (up to 11). */
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{5,14}|MG[0-9a-fA-F]{32}|(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
      'must be +E.164, a messaging service SID (MG…) or an alphanumeric sender ID',
    )
    .optional(),
  /** Store every message for GET /api/dev/mailbox. Unset: on outside production. Never expose it publicly. */
  DEV_MAILBOX: bool.optional(),
  // ── end of messaging ──
  // ── Documents and identity verification (kyc module, docs/decisions/0010) ──
  /** Where uploaded files go: `local` (DATA_DIR/files) or any S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** S3 endpoint origin (MinIO, R2, …). Unset: https://s3.<region>.amazonaws.com. */
  S3_ENDPOINT: url('S3_ENDPOINT').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), as MinIO needs; false: virtual-host style (bucket.endpoint/key). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Largest accepted document upload; larger ones are cut off and answered 413. */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Sumsub credentials: both set, the real provider is used; unset, the built-in sandbox decides. */
  SUMSUB_APP_TOKEN: z.string().min(1).optional(),
  SUMSUB_SECRET_KEY: z.string().min(1).optional(),
  SUMSUB_BASE_URL: url('SUMSUB_BASE_URL').default('https://api.sumsub.com'),
  SUMSUB_LEVEL_NAME: z.string().min(1).default('basic-kyc-level'),
  /** Sandbox provider: seconds from start to decision (approved; rejected for last name "Reject"). */
  KYC_SANDBOX_DECISION_SECONDS: z.coerce.number().min(0).max(86_400).default(5),
  // ── end of documents and identity verification ──
  // ── Payments (modules/payment, docs/decisions/0015) ──
  /**
   * HMAC-SHA256 key of the sandbox provider's webhooks, at least 32 characters. Unset: a random key is
   * generated once and kept in DATA_DIR/payment-webhook-secret (a fresh one per app in tests).
   */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Sandbox provider: seconds until a crypto deposit has its confirmations. */
  CRYPTO_CONFIRMATION_SECONDS: z.coerce.number().min(0).max(86_400).default(20),
  /** Sandbox provider: seconds until a bank-transfer withdrawal settles (or fails). */
  BANK_TRANSFER_SECONDS: z.coerce.number().min(0).max(86_400).default(10),
  // ── end of payments ──
  /** Where SSR loaders send API calls. Unset: in-process through Fastify's request injection. */
  INTERNAL_API_URL: url('INTERNAL_API_URL').optional(),
  /** Built React Router app (server build + client assets). */
  WEB_BUILD_DIR: z.string().optional(),
  /** Built back-office app (apps/backoffice: client assets and index.html, served at /backoffice). */
  BACKOFFICE_BUILD_DIR: z.string().optional(),
  /**
   * HS256 key of access tokens, at least 32 characters. Required in production on PostgreSQL; otherwise a
   * random key is generated once and kept in DATA_DIR/jwt-secret so tokens survive restarts.
   */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Lifetime of an access token. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** A session can be refreshed while it was used within this many days (sliding); then it needs a login. */
  SESSION_REFRESH_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** However it is refreshed, a session ends this many days after its sign-in (docs/decisions/0096). */
  SESSION_LIFETIME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Refresh only with the HttpOnly refresh cookie (docs/decisions/0032). Off: a client that sends no cookie (the
   * spec's, api-contract §1.1) refreshes by its bearer token alone, under the rules of decision 0096.
   */
  REFRESH_COOKIE_REQUIRED: bool.default(false),
  // ── Social login (player/social; each connection's SOCIAL_<NAME>_* variables are read by socialConfigOf) ──
  /** OpenID Connect connections, e.g. "google,auth0". Each needs SOCIAL_<NAME>_ISSUER and _CLIENT_ID. */
  SOCIAL_PROVIDERS: z
    .string()
    .regex(/^\s*[a-z0-9_-]{1,40}\s*(,\s*[a-z0-9_-]{1,40}\s*)*$/, 'expected lower-case names like "google,auth0"')
    .optional(),
  /**
   * The local OpenID provider under /dev/oidc ("croupier-id" when SOCIAL_PROVIDERS is empty). Unset: on outside
   * production. Anyone can sign in there as any e-mail: never turn it on where the public can reach it.
   */
  DEV_OIDC_PROVIDER: bool.optional(),
  // ── end of social login ──
  /** Seamless-wallet game providers: JSON [{"id","secret","games":[…],"enabled"}] (docs/provider-api.md). */
  SEAMLESS_PROVIDERS: z.string().optional(),
  /** Signing key of the built-in croupier-studio provider. Unset: generated once into DATA_DIR/studio-secret. */
  STUDIO_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Origin of the casino's seamless API for the studio (e.g. https://casino.example). Unset: in-process (app.inject). */
  STUDIO_WALLET_URL: url('STUDIO_WALLET_URL')
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), {
      message: 'STUDIO_WALLET_URL must be http:// or https://',
    })
    .optional(),
  // ── Currency rates (settings/rates, docs/decisions/0018) ──
  /** Rates feed answering {"base":"EUR","rates":{"USD":1.08,…}}. Unset: the seeded reference table. */
  RATES_URL: url('RATES_URL')
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), {
      message: 'RATES_URL must be http:// or https://',
    })
    .optional(),
  /** How often the feed is read again. */
  RATES_REFRESH_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),
  /** A feed answer slower than this is dropped (the last good table stays). */
  RATES_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
  // ── end of currency rates ──
  // ── Site origins, studio address, sign-up modes, live winners (issue 16) ──
  /**
   * Origins (comma-separated) a return URL may point to: deposit redirects, the game's lobby (decision 0050).
   * Set: exactly these plus PUBLIC_URL. Unset: PUBLIC_URL, its www/bare twin, and the origin a request came
   * through when its peer is a trusted proxy (TRUSTED_PROXIES).
   */
  SITE_ORIGINS: siteOrigins.optional(),
  /** Where players' browsers reach the studio (`gameUrl` is absolute from it). Unset: PUBLIC_URL. */
  STUDIO_PUBLIC_URL: url('STUDIO_PUBLIC_URL')
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), {
      message: 'STUDIO_PUBLIC_URL must be http:// or https://',
    })
    .optional(),
  /** Sign-up tabs (constants.player.registration): "email", "phone" or "email,phone". */
  SIGN_UP_MODES: z
    .string()
    .regex(/^\s*(email|phone)\s*(,\s*(email|phone)\s*)?$/, 'expected "email", "phone" or "email,phone"')
    .transform((raw) => ({ email: /email/.test(raw), phone: /phone/.test(raw) }))
    .default({ email: true, phone: true }),
  /** A settled round is a big win (live winners, the big-wins board) when it paid more than its stake and at least this many times it. */
  BIG_WIN_MULTIPLIER: z.coerce.number().min(1).max(1_000_000).default(1),
  // ── end of site origins … live winners ──
  /**
   * On SIGTERM, seconds the instance keeps serving while its readiness answers 503, so a load balancer takes it out
   * of rotation before it stops accepting (issue 31; deploy/haproxy.cfg checks every second: 3 covers two checks).
   * 0: stop at once (a single instance, or development).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  // ── The back office (issue 25, backoffice-api.md) ──
  /** The back office's own origin when it is served apart from the site (cookie-signed changes must come from it). */
  BACKOFFICE_ORIGIN: siteOrigins
    .refine((list) => list.length === 1, { message: 'expected one origin like "https://office.casino.example"' })
    .transform((list) => list[0]!)
    .optional(),
  /** Addresses or CIDRs (comma-separated) allowed to reach the back office and its API; unset: every address. */
  BACKOFFICE_ALLOWED_IPS: trustedProxies.optional(),
  /**
   * Seals the staff's TOTP secrets at rest (decision 0104), at least 32 characters. Required in production on
   * PostgreSQL; otherwise generated once into DATA_DIR/staff-box.key. Lost: every staff member re-enrols.
   */
  STAFF_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Signs the audit chain's anchors (decision 0105), at least 32 characters. Unset: derived from
   * STAFF_SECRET_KEY when that is set, else generated once into DATA_DIR/audit-anchor-key. Changed or lost:
   * the newest anchor no longer verifies until it is moved away.
   */
  AUDIT_ANCHOR_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How often the audit chain's head is anchored in the file storage, when it moved (decision 0105). */
  AUDIT_ANCHOR_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  // ── end of the back office ──
  // ── Real time (modules/realtime, docs/realtime.md) ──
  /** `hub`: this server's websocket endpoint (through Redis when REDIS_URL is set); `centrifugo`: Centrifugo's HTTP API. */
  REALTIME_PUBLISHER: z.enum(['hub', 'centrifugo']).default('hub'),
  /** Centrifugo's HTTP API origin (REALTIME_PUBLISHER=centrifugo), e.g. http://centrifugo:8000. */
  CENTRIFUGO_API_URL: url('CENTRIFUGO_API_URL')
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), {
      message: 'CENTRIFUGO_API_URL must be http:// or https://',
    })
    .optional(),
  /** Centrifugo's `http_api.key`, sent as X-API-Key. */
  CENTRIFUGO_API_KEY: z.string().min(1).optional(),
  /** Prefix of the Redis keys and pub/sub channel of the real-time fan-out (one per deployment). */
  REALTIME_REDIS_PREFIX: z.string().min(1).max(100).default('croupier:realtime:'),
  // ── end of real time ──
  // ── Referrals, live chat, Telegram login (issue 16; decisions 0067-0069) ──
  /** The referral programme: players get a code and a link (`?ref=`); referees who qualify earn their referrer a reward. */
  REFERRALS_ENABLED: bool.default(false),
  /** Most referees one player may bring (referral-settings maxReferralCount); later sign-ups are not bound. */
  REFERRAL_MAX_COUNT: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Days after the referee's sign-up within which they must qualify. */
  REFERRAL_QUALIFICATION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** A qualifying deposit is at least this many euros (in each currency at the reference rate). */
  REFERRAL_MIN_DEPOSIT_EUR: z.coerce.number().min(0).max(1_000_000).default(10),
  /** The referee must also stake this many euros of real money since signing up. */
  REFERRAL_WAGER_EUR: z.coerce.number().min(0).max(10_000_000).default(20),
  /** The referrer's reward in euros, paid once per qualified referee as real money in the referrer's currency. */
  REFERRAL_REWARD_EUR: z.coerce.number().min(0.01).max(1_000_000).default(10),
  /**
   * Days before a referee's sign-up from which the referrer's devices and addresses count as shared with it
   * (decision 0094): a shared device refuses the reward, a shared address holds it for review.
   */
  REFERRAL_SIGNAL_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** A referrer's rewards paid within the window beyond this many are held for review (decision 0094). */
  REFERRAL_REVIEW_AFTER_COUNT: z.coerce.number().int().min(0).max(100_000).default(5),
  /** Chatwoot installation origin, e.g. https://chat.example.com (all three CHATWOOT_* set: the chat widget loads). */
  CHATWOOT_BASE_URL: url('CHATWOOT_BASE_URL')
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), {
      message: 'CHATWOOT_BASE_URL must be http:// or https://',
    })
    .optional(),
  /** The website inbox's token (Chatwoot: Settings → Inboxes → Website → Configuration). */
  CHATWOOT_WEBSITE_TOKEN: z
    .string()
    .regex(/^[\w-]{8,100}$/, "must be the inbox's website token")
    .optional(),
  /** The inbox's identity-validation secret: identifier_hash = HMAC-SHA256(this, identifier). */
  CHATWOOT_HMAC_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long a chat identity token is reused by the client before it asks for a fresh one. */
  LIVECHAT_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(86_400),
  /** Telegram login: the bot's token from @BotFather (both TELEGRAM_* set: the Telegram button shows). */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{3,20}:[\w-]{20,100}$/, 'must be a bot token like 123456:ABC…')
    .optional(),
  /** The bot's username without @ (the login widget's data-telegram-login). */
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^\w{5,64}$/, 'must be the bot username without @')
    .optional(),
  /** A Telegram login older than this is refused (auth_date freshness). */
  TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  // ── end of referrals, live chat, Telegram ──
});

export type Config = z.output<typeof ConfigSchema> & {
  /** TRUSTED_PROXIES with its default applied. */
  trustedProxies: string[];
  /** PUBLIC_URL is https: Secure cookies and HSTS. */
  https: boolean;
  publicUrl: string;
  dataDir: string;
  webBuildDir: string;
  backofficeBuildDir: string;
  version: string;
} & SocialConfig;

export class ConfigError extends Error {}

// ── Social login ──
/** One OpenID Connect provider a player can sign in with (modules/player/social). */
export interface SocialConnectionConfig {
  /** Listed in constants.player.socialAuth; names the redirect endpoint and the callback route. */
  name: string;
  /** Issuer identifier: discovery reads {issuer}/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret?: string;
  scopes: string;
  /** The provider mounted in this process under /dev/oidc: its back-channel calls stay in-process. */
  local: boolean;
}

export interface SocialConfig {
  /** Mount the local OpenID provider under /dev/oidc. */
  devOidcProvider: boolean;
  socialConnections: SocialConnectionConfig[];
}

/** The connection and client the local provider gets when no SOCIAL_PROVIDERS are configured. */
export const DEV_OIDC = { connection: 'croupier-id', clientId: 'croupier-dev', path: '/dev/oidc' } as const;

/** Reads SOCIAL_<NAME>_{ISSUER,CLIENT_ID,CLIENT_SECRET,SCOPES} for each SOCIAL_PROVIDERS name. */
function socialConfigOf(env: Record<string, string | undefined>, c: z.output<typeof ConfigSchema>, publicUrl: string) {
  const errors: string[] = [];
  const production = c.NODE_ENV === 'production';
  // Anyone can sign in there as any e-mail: production (npm start) gets it only when asked for explicitly.
  const devOidcProvider = c.DEV_OIDC_PROVIDER ?? !production;
  const names = [...new Set((c.SOCIAL_PROVIDERS ?? '').split(',').map((n) => n.trim()))].filter(Boolean);
  const prefixes = new Map<string, string>();
  const socialConnections: SocialConnectionConfig[] = [];
  for (const name of names) {
    const prefix = `SOCIAL_${name.toUpperCase().replace(/-/g, '_')}_`;
    if (prefixes.has(prefix))
      errors.push(`  SOCIAL_PROVIDERS: "${prefixes.get(prefix)}" and "${name}" share ${prefix}*`);
    prefixes.set(prefix, name);
    const value = (key: string) => env[prefix + key]?.trim() || undefined;
    const issuer = value('ISSUER');
    const clientId = value('CLIENT_ID');
    const scopes = (value('SCOPES') ?? 'openid email profile').split(/\s+/).join(' ');
    if (!issuer || !URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol) || /[?#]/.test(issuer)) {
      errors.push(`  ${prefix}ISSUER: must be the provider's issuer URL (http(s)://, no query)`);
    } else if (production && !issuer.startsWith('https://')) {
      errors.push(`  ${prefix}ISSUER: must be https:// in production`);
    }
    if (!clientId) errors.push(`  ${prefix}CLIENT_ID: required for the connection "${name}"`);
    if (!scopes.split(' ').includes('openid')) errors.push(`  ${prefix}SCOPES: must include openid`);
    const clientSecret = value('CLIENT_SECRET');
    socialConnections.push({
      name,
      // Exactly as given: discovery compares it with the provider's own (Auth0's ends with a slash).
      issuer: issuer ?? '',
      clientId: clientId ?? '',
      ...(clientSecret ? { clientSecret } : {}),
      scopes,
      local: false,
    });
  }
  if (errors.length > 0) throw new ConfigError(`Invalid configuration:\n${errors.join('\n')}`);
  if (names.length === 0 && devOidcProvider) {
    socialConnections.push({
      name: DEV_OIDC.connection,
      issuer: `${publicUrl}${DEV_OIDC.path}`,
      clientId: DEV_OIDC.clientId,
      scopes: 'openid email profile',
      local: true,
    });
  }
  return { devOidcProvider, socialConnections };
}
// ── end of social login ──

/**
 * A production start (NODE_ENV=production, not the demo) refuses what would put the demo's doors on the internet:
 * plain-http PUBLIC_URL (unless TLS ends at a proxy) and any development route (docs/decisions/0037). Called by
 * main.ts, not loadConfig: tests build production-mode apps on purpose.
 */
export function refuseUnsafeProduction(c: Config): void {
  if (c.NODE_ENV !== 'production' || c.DEMO) return;
  const errors: string[] = [];
  if (!c.https && !c.TLS_TERMINATED_BY_PROXY) {
    errors.push(
      `  PUBLIC_URL: must be https:// in production (now ${c.publicUrl}); set TLS_TERMINATED_BY_PROXY=true if TLS ends at a proxy in front`,
    );
  }
  if (c.DEV_MAILBOX)
    errors.push('  DEV_MAILBOX: the development mailbox and its dev routes are not allowed in production');
  if (c.devOidcProvider)
    errors.push('  DEV_OIDC_PROVIDER: the "sign in as anyone" provider is not allowed in production');
  // Instances sharing a database must open each other's sealed TOTP secrets (decision 0104).
  if (c.DATABASE_URL && !c.STAFF_SECRET_KEY)
    errors.push('  STAFF_SECRET_KEY: required in production with DATABASE_URL (at least 32 characters)');
  if (errors.length > 0) throw new ConfigError(`Refusing to start in production:\n${errors.join('\n')}`);
}

/** Parses the environment; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.JWT_SECRET) {
    // Several instances share one database and must share the key; a generated one would differ per host.
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production with DATABASE_URL');
  }
  if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL) {
    // A replica of the embedded PGlite cannot exist: the setting would silently do nothing.
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_URL: only with DATABASE_URL (PostgreSQL)');
  }
  if (c.REALTIME_PUBLISHER === 'centrifugo' && (!c.CENTRIFUGO_API_URL || !c.CENTRIFUGO_API_KEY)) {
    const missing = ['CENTRIFUGO_API_URL', 'CENTRIFUGO_API_KEY'].filter((k) => !c[k as keyof typeof c]);
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required with REALTIME_PUBLISHER=centrifugo`).join('\n')}`,
    );
  }
  if (c.DEFAULT_COUNTRY && c.RESTRICTED_COUNTRIES.has(c.DEFAULT_COUNTRY)) {
    // A visitor of unknown country would be told a country it is refused in, yet not refused.
    throw new ConfigError('Invalid configuration:\n  DEFAULT_COUNTRY: must not be in RESTRICTED_COUNTRIES');
  }
  // Live chat and Telegram login are all-or-nothing: half a configuration is a mistake, not "off".
  for (const group of [
    ['CHATWOOT_BASE_URL', 'CHATWOOT_WEBSITE_TOKEN', 'CHATWOOT_HMAC_TOKEN'],
    ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_NAME'],
  ] as const) {
    const missing = group.filter((k) => !c[k]);
    if (missing.length > 0 && missing.length < group.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required with ${group.filter((g) => c[g]).join(', ')}`).join('\n')}`,
      );
    }
  }
  const root = resolve(import.meta.dirname, '../../..');
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const social = socialConfigOf(env, c, publicUrl);
  return {
    ...c,
    ...social,
    trustedProxies: c.TRUSTED_PROXIES ?? (c.NODE_ENV === 'production' && !c.DEMO ? [] : [...LOOPBACK]),
    https: publicUrl.startsWith('https://'),
    publicUrl,
    dataDir: resolve(c.DATA_DIR),
    webBuildDir: resolve(c.WEB_BUILD_DIR ?? `${root}/apps/web/build`),
    backofficeBuildDir: resolve(c.BACKOFFICE_BUILD_DIR ?? `${root}/apps/backoffice/build`),
    version: process.env.npm_package_version ?? '0.1.0',
  };
}
