import { resolve } from 'node:path';
import { z } from 'zod';

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

const url = (name: string) => z.string().refine((v) => URL.canParse(v), { message: `${name} must be an absolute URL` });

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
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), { message: 'must start with redis:// or rediss://' })
    .optional(),
  RESTRICTED_COUNTRIES: restrictedCountries.default(new Map<string, 1 | 2>()),
  /** Trust cf-ipcountry / cf-connecting-ip (spec §9). Turn off when not behind Cloudflare or a proxy that sets them. */
  TRUST_GEO_HEADERS: bool.default(true),
  AFFILIATE_COOKIE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RELOAD_GUARD_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  MANIFEST_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  LOYALTY_ENABLED: bool.default(false),
  QUESTS_ENABLED: bool.default(false),
  BETTING_CLIENT_HOST: z.string().optional(),
  BETTING_CLIENT_ID: z.string().optional(),
  CDN_BASE_URL: z.string().default(''),
  GAME_HUB_CDN_BASE_URL: z.string().default(''),
  HIDE_DOCUMENTS_PAGE: bool.default(false),
  /** Seeds demo data at start. On by default so the quick start shows a living casino. */
  SEED_DEMO_DATA: bool.default(true),
  /** Where SSR loaders send API calls. Unset: in-process through Fastify's request injection. */
  INTERNAL_API_URL: url('INTERNAL_API_URL').optional(),
  /** Built React Router app (server build + client assets). */
  WEB_BUILD_DIR: z.string().optional(),
});

export type Config = z.output<typeof ConfigSchema> & {
  publicUrl: string;
  dataDir: string;
  webBuildDir: string;
  version: string;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const root = resolve(import.meta.dirname, '../../..');
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: resolve(c.DATA_DIR),
    webBuildDir: resolve(c.WEB_BUILD_DIR ?? `${root}/apps/web/build`),
    version: process.env.npm_package_version ?? '0.1.0',
  };
}
