import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Telegram's login widget check (https://core.telegram.org/widgets/login#checking-authorization, decision
// 0069): data_check_string is every received field but `hash`, as `key=value` lines sorted by key and joined
// by "\n"; secret_key = SHA256(bot token); the payload is genuine when hex(HMAC-SHA256(secret_key,
// data_check_string)) equals `hash`. `auth_date` (Unix seconds) must be recent, or an old payload could be reused.

export interface TelegramUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  authDate: Date;
  hash: string;
}

export type TelegramCheck =
  | { ok: true; user: TelegramUser }
  | { ok: false; field: 'hash' | 'auth_date' | 'id'; reason: string };

/** Query keys that are ours, not Telegram's: never part of the signed data. */
const OURS = new Set(['hash', 'state']);
const FIELD = /^[a-z_]{1,32}$/;

export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => !OURS.has(k))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
}

export function telegramHash(botToken: string, fields: Record<string, string>): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
}

/** Checks a widget payload (the callback query, one value per key) against the bot token and the clock. */
export function verifyTelegramLogin(
  fields: Record<string, string>,
  { botToken, maxAgeSeconds, now }: { botToken: string; maxAgeSeconds: number; now: Date },
): TelegramCheck {
  const hash = fields.hash ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash)) return { ok: false, field: 'hash', reason: 'The Telegram signature is missing.' };
  if (Object.keys(fields).some((k) => !FIELD.test(k) || (fields[k]?.length ?? 0) > 1000)) {
    return { ok: false, field: 'hash', reason: 'The Telegram sign-in data is not valid.' };
  }
  const expected = Buffer.from(telegramHash(botToken, fields), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) {
    return { ok: false, field: 'hash', reason: 'The Telegram signature does not match. Start again.' };
  }
  const authDate = Number(fields.auth_date);
  const ageSeconds = now.getTime() / 1000 - authDate;
  // A minute of clock skew is tolerated in the future; older than the window is refused.
  if (!Number.isInteger(authDate) || ageSeconds > maxAgeSeconds || ageSeconds < -60) {
    return { ok: false, field: 'auth_date', reason: 'This Telegram sign-in has expired. Start again.' };
  }
  const id = fields.id ?? '';
  if (!/^\d{1,20}$/.test(id)) return { ok: false, field: 'id', reason: 'The Telegram account id is missing.' };
  return {
    ok: true,
    user: {
      id,
      firstName: fields.first_name?.slice(0, 100) || null,
      lastName: fields.last_name?.slice(0, 100) || null,
      username: fields.username?.slice(0, 100) || null,
      authDate: new Date(authDate * 1000),
      hash,
    },
  };
}
