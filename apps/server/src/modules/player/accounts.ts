import {
  ApiError,
  type Auth,
  ErrorCode,
  type FormField,
  isYesLike,
  type Profile,
  type ProfileUpdate,
  parseDateString,
} from '@croupier/contracts';
import { currencies, isLocaleCode, PlayerStatus, RestrictType, timeZones } from '@croupier/contracts/reference/index';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { SettingsService } from '../settings/service.ts';
import { countRecent, recordEvent } from './audit.ts';
import type { PlayerDeps, PlayerRegistered, RequestMeta } from './context.ts';
import { hashPassword, randomCode, sha256, verifyPassword } from './crypto.ts';
import { fieldsOf, rulesOf, validateFields } from './fields.ts';
import { limits } from './limits.ts';
import { checkLoginThrottle } from './login-throttle.ts';
import { mail } from './mail.ts';
import { consumeRegistrationOtp, phoneDigits } from './otp.ts';
import { createPacer } from './pacer.ts';
import { type PlayerRow, textFields, toProfile } from './profile.ts';
import { fillsAField } from './profile-fields.ts';
import { autologinTokens, emailConfirmations, passwordResets, players } from './schema.ts';
import { closeAllSessions, notifySessionsClosed, openSession } from './sessions.ts';

type Fields = Record<string, string[]>;

const invalid = (fields: Fields) => ApiError.of(ErrorCode.validation, 'The given data was invalid.', fields);
const addError = (fields: Fields, name: string, message: string) => {
  fields[name] = [...(fields[name] ?? []), message];
};

/** One neutral answer for an e-mail or phone that cannot be used, whatever the reason (0009). */
export const IDENTIFIER_REFUSED = {
  email: 'This e-mail address cannot be used to register. If it is yours, sign in or reset your password.',
  phone: 'This phone number cannot be used. If it is yours, sign in or reset your password.',
};

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.cause ?? e;
  return c?.code === '23505' && (c.constraint === undefined || c.constraint === constraint);
};

const enabledCurrencies = new Set(currencies.filter((c) => c.isEnabled).map((c) => c.code));
const timeZoneIds = new Set(timeZones.map((z) => z.id));
const MAX_PASSWORD = 128;

/** Text value of a form key: trimmed string, null when empty, or a type error recorded on `fields`. */
function text(values: Record<string, unknown>, name: string, fields: Fields, max = 200): string | null | undefined {
  if (!Object.hasOwn(values, name)) return undefined;
  const v = values[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') {
    addError(fields, name, 'This value must be text.');
    return undefined;
  }
  const t = v.trim();
  if (t.length > max) addError(fields, name, `Must be at most ${max} characters.`);
  return t === '' ? null : t;
}

const isoDate = (value: string): string | null => {
  const d = parseDateString(value);
  return d ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : null;
};

export interface AccountsService {
  register(body: Record<string, unknown>, meta: RequestMeta, channel: 'email' | 'phone'): Promise<Auth>;
  login(input: { login: string; password: string; fingerprint: string }, meta: RequestMeta): Promise<Auth>;
  loginWithToken(input: { token: string; fingerprint: string }, meta: RequestMeta): Promise<Auth>;
  mintAutologinToken(playerId: string, ttlSeconds?: number): Promise<{ token: string; expiresAt: Date }>;
  getProfile(playerId: string): Promise<Profile>;
  updateProfile(playerId: string, update: z.output<typeof ProfileUpdate>, meta: RequestMeta): Promise<Profile>;
  profileFields(playerId: string): Promise<FormField[]>;
  changePassword(playerId: string, sessionId: string, current: string, next: string, meta: RequestMeta): Promise<void>;
  /**
   * Counts, looks up and audits alike for every address; for a real account it returns the work only an account
   * needs (write the code, send the e-mail), which the caller runs after the answer has gone (decision 0034).
   */
  requestPasswordReset(email: string, meta: RequestMeta): Promise<(() => Promise<void>) | null>;
  confirmPasswordReset(code: string, password: string, meta: RequestMeta): Promise<void>;
  confirmEmail(code: string, meta: RequestMeta): Promise<void>;
  resendConfirmation(playerId: string, meta: RequestMeta): Promise<'sent' | 'already-confirmed'>;
}

export function createAccounts(deps: PlayerDeps, settings: SettingsService): AccountsService {
  const { db } = deps;
  /** How long a registration takes here, for refusals of taken identifiers to match (docs/decisions/0034). */
  const registrationPace = createPacer(50);
  const countries = new Map(settings.countries().map((c) => [c.code, c]));

  const loadPlayer = async (id: string, tx: Db = db): Promise<PlayerRow> => {
    const [row] = await tx.select().from(players).where(eq(players.id, id));
    if (!row) throw ApiError.of(ErrorCode.unauthorized, 'Authentication required.');
    return row;
  };

  const geoRefusal = (meta: RequestMeta, what: string) => {
    const restrict = settings.restrictionOf(meta.country);
    if (restrict === RestrictType.geoBlocked || restrict === RestrictType.authBlocked) {
      return ApiError.of(ErrorCode.forbidden, `${what} is not available in your country.`);
    }
    return null;
  };

  /** Writes a confirmation code for the player's e-mail and mails the link (after the caller commits). */
  const issueEmailConfirmation = async (tx: Db, playerId: string, email: string) => {
    const code = randomCode();
    await tx.insert(emailConfirmations).values({
      playerId,
      email,
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + limits.emailConfirmationTtlSeconds * 1000),
    });
    return () => mail.confirmEmail(deps, email, code);
  };

  const emitRegistered = async (event: PlayerRegistered) => {
    for (const listener of deps.registered) {
      try {
        await listener(event);
      } catch (error) {
        deps.log.error({ err: error, playerId: event.playerId }, 'player-registered listener failed');
      }
    }
  };

  async function register(body: Record<string, unknown>, meta: RequestMeta, channel: 'email' | 'phone'): Promise<Auth> {
    const startedAt = performance.now();
    // A sign-up mode that is off (SIGN_UP_MODES) has no form: its identifier field says so.
    if (!deps.config.SIGN_UP_MODES[channel]) {
      throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
        [channel]: [`Sign-up by ${channel === 'email' ? 'e-mail' : 'phone'} is not available.`],
      });
    }
    const scenario = await fieldsOf(db, 'registration');
    // Each tab drops the other identifier and requires its own (api-contract §2.1); a password is always needed.
    const other = channel === 'email' ? 'phone' : 'email';
    const flags: Pick<FormField, 'name' | 'isRequired'>[] = scenario.filter(
      (f) => f.name !== other && f.name !== channel && f.name !== 'password',
    );
    flags.push({ ...flagOf(channel), isRequired: true }, { ...flagOf('password'), isRequired: true });
    const names = new Set(flags.map((f) => f.name));
    const values = { ...body };
    const fields: Fields = validateFields(rulesOf(flags), values);

    const email = channel === 'email' ? text(values, 'email', fields, 254)?.toLowerCase() : undefined;
    let phone: string | undefined;
    if (channel === 'phone' && typeof values.phone === 'string' && !fields.phone) {
      try {
        phone = phoneDigits(values.phone);
      } catch (error) {
        if (error instanceof ApiError) Object.assign(fields, error.fields);
        else throw error;
      }
    }
    const password = values.password;
    if (typeof password !== 'string') {
      if (!fields.password) addError(fields, 'password', 'This value must be text.');
    } else if (password.length > MAX_PASSWORD) addError(fields, 'password', `Must be at most ${MAX_PASSWORD}.`);

    let currency: string | null = null;
    const givenCurrency = names.has('currency') ? text(values, 'currency', fields, 10) : undefined;
    if (givenCurrency) {
      if (!enabledCurrencies.has(givenCurrency.toUpperCase()))
        addError(fields, 'currency', 'This currency is not available.');
      else currency = givenCurrency.toUpperCase();
    }
    let country: string | null = null;
    const givenCountry = names.has('country') ? text(values, 'country', fields, 2) : undefined;
    if (givenCountry) {
      const c = countries.get(givenCountry.toUpperCase());
      if (!c) addError(fields, 'country', 'This country is not available.');
      else if (
        c.restrict &&
        (c.restrictType === RestrictType.authBlocked || c.restrictType === RestrictType.geoBlocked)
      ) {
        addError(fields, 'country', 'Registration is not available for this country.');
      } else country = c.code;
    } else if (meta.country && countries.has(meta.country) && !countries.get(meta.country)?.restrict) {
      country = meta.country;
    }
    currency ??= country ? (countries.get(country)?.currency ?? null) : null;
    if (currency && !enabledCurrencies.has(currency)) currency = null;

    const locale = names.has('locale') ? text(values, 'locale', fields, 5)?.toLowerCase() : undefined;
    if (locale && !isLocaleCode(locale)) addError(fields, 'locale', 'This language is not available.');
    const profile = collectProfileFields(values, names, fields);
    if (Object.keys(fields).length > 0) throw invalid(fields);
    const refused = geoRefusal(meta, 'Registration');
    if (refused) throw refused;

    if (channel === 'phone') {
      await consumeRegistrationOtp(deps, phone!, String(values.code ?? ''), meta);
    }
    const [taken] = await db
      .select({ id: players.id, email: players.email })
      .from(players)
      .where(channel === 'email' ? eq(players.email, email!) : eq(players.phone, phone!));
    const refuse = async () => {
      // As long as a registration takes, hash included: the answer time does not tell a taken address.
      await hashPassword(password as string);
      if (channel === 'email') mail.registrationAttempt(deps, email!);
      await recordEvent(db, {
        type: 'registration',
        outcome: 'refused',
        identity: email ?? phone,
        detail: 'identifier taken',
        meta,
      });
      await registrationPace.padFrom(startedAt);
      return invalid({ [channel]: [IDENTIFIER_REFUSED[channel]] });
    };
    if (taken) throw await refuse();

    const passwordHash = await hashPassword(password as string);
    const fingerprint = typeof body.fingerprint === 'string' ? body.fingerprint : '';
    const affiliateTag = typeof body.affiliateTag === 'string' && body.affiliateTag ? body.affiliateTag : null;
    const referralCode = typeof body.referralCode === 'string' && body.referralCode ? body.referralCode : null;
    let sendConfirmation: (() => void) | undefined;
    let auth: Auth;
    let row: PlayerRow;
    try {
      ({ auth, row } = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(players)
          .values({
            ...profile,
            email: email ?? null,
            phone: phone ?? null,
            phoneConfirmed: channel === 'phone',
            passwordHash,
            currency,
            country,
            locale: locale ?? null,
            agreedTc: isYesLike(values.agreements),
            receiveEmailPromo: names.has('receiveEmailPromo') && isYesLike(values.receiveEmailPromo),
            receiveSmsPromo: names.has('receiveSmsPromo') && isYesLike(values.receiveSmsPromo),
            affiliateTag,
            referredBy: referralCode,
            fingerprint: fingerprint || null,
            registrationIp: meta.ip,
            registrationCountry: meta.country,
          })
          .returning();
        if (email) sendConfirmation = await issueEmailConfirmation(tx as unknown as Db, created!.id, email);
        const auth = await openSession(
          deps,
          created!,
          { meta, fingerprint, method: `register-${channel}`, isNewlyRegistered: true },
          tx as unknown as Db,
        );
        return { auth, row: created! };
      }));
    } catch (error) {
      if (isUniqueViolation(error, `players_${channel}_key`)) throw await refuse();
      throw error;
    }
    sendConfirmation?.();
    await recordEvent(db, {
      type: 'registration',
      outcome: 'success',
      playerId: row.id,
      sessionId: auth.sessionId,
      identity: email ?? phone,
      detail: channel,
      meta,
    });
    registrationPace.record(performance.now() - startedAt);
    await emitRegistered({
      playerId: row.id,
      currency: row.currency,
      country: row.country,
      method: channel,
      affiliateTag,
      referralCode,
      profile: auth.profile,
    });
    return auth;
  }

  async function login(input: { login: string; password: string; fingerprint: string }, meta: RequestMeta) {
    const raw = input.login.trim();
    const identity = raw.includes('@') ? raw.toLowerCase() : raw.replace(/^\+/, '');
    await checkLoginThrottle(deps, identity, meta, mintAutologinToken);
    const refused = geoRefusal(meta, 'Sign-in');
    if (refused) throw refused;
    const by = raw.includes('@')
      ? eq(players.email, identity)
      : /^\d{2,20}$/.test(identity)
        ? eq(players.phone, identity)
        : null;
    const [player] = by ? await db.select().from(players).where(by) : [];
    // Same work whether or not the player exists: the timing does not tell.
    const ok = await verifyPassword(player?.passwordHash, input.password);
    if (!player || !ok) {
      await recordEvent(db, { type: 'login', outcome: 'failure', playerId: player?.id, identity, meta });
      throw ApiError.of(ErrorCode.unauthorized, 'Wrong login or password.');
    }
    if (player.status === PlayerStatus.blocked) {
      await recordEvent(db, {
        type: 'login',
        outcome: 'refused',
        playerId: player.id,
        identity,
        detail: 'blocked',
        meta,
      });
      throw ApiError.of(ErrorCode.forbidden, 'This account is blocked.');
    }
    const auth = await openSession(deps, player, { meta, fingerprint: input.fingerprint, method: 'password' });
    await recordEvent(db, {
      type: 'login',
      outcome: 'success',
      playerId: player.id,
      sessionId: auth.sessionId,
      identity,
      meta,
    });
    return auth;
  }

  async function loginWithToken(input: { token: string; fingerprint: string }, meta: RequestMeta) {
    const [used] = await db
      .update(autologinTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(autologinTokens.tokenHash, sha256(input.token)),
          isNull(autologinTokens.usedAt),
          gt(autologinTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ playerId: autologinTokens.playerId });
    const player = used ? (await db.select().from(players).where(eq(players.id, used.playerId)))[0] : undefined;
    if (!player || player.status === PlayerStatus.blocked) {
      await recordEvent(db, { type: 'autologin', outcome: 'failure', playerId: player?.id, meta });
      throw ApiError.of(ErrorCode.unauthorized, 'The sign-in link is not valid.');
    }
    const auth = await openSession(deps, player, { meta, fingerprint: input.fingerprint, method: 'autologin' });
    await recordEvent(db, {
      type: 'autologin',
      outcome: 'success',
      playerId: player.id,
      sessionId: auth.sessionId,
      meta,
    });
    return auth;
  }

  async function mintAutologinToken(playerId: string, ttlSeconds: number = limits.autologinTtlSeconds) {
    const token = randomCode();
    const expiresAt = new Date(Date.now() + Math.min(ttlSeconds, 600) * 1000);
    await db.insert(autologinTokens).values({ playerId, tokenHash: sha256(token), expiresAt });
    return { token, expiresAt };
  }

  async function updateProfile(playerId: string, update: z.output<typeof ProfileUpdate>, meta: RequestMeta) {
    const player = await loadPlayer(playerId);
    const scenario = await fieldsOf(db, 'profile');
    const byName = new Map(scenario.map((f) => [f.name, f]));
    // Always accepted, whatever the form lists (api-contract §4 partial updates).
    const always = [
      'email',
      'phone',
      'locale',
      'receiveEmailPromo',
      'receiveSmsPromo',
      'pwaInstalled',
      'freshchatRestoreId',
    ];
    const sent = Object.keys(update).filter(
      (k) => (update as Record<string, unknown>)[k] !== undefined && (byName.has(k) || always.includes(k)),
    );
    const values = update as Record<string, unknown>;
    const flags = sent.map((name) => byName.get(name) ?? { name, isRequired: false });
    const fields: Fields = validateFields(rulesOf(flags), values);
    const set: Partial<typeof players.$inferInsert> = {};
    const current = player as unknown as Record<string, unknown>;

    for (const name of sent) {
      if (fields[name]) continue;
      const value = values[name];
      const field = byName.get(name);
      const column = Object.hasOwn(textFields, name) ? textFields[name as keyof typeof textFields] : null;
      let next: unknown;
      if (column) {
        next = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
        if (name === 'timeZone' && next !== null && !timeZoneIds.has(next as string)) {
          addError(fields, name, 'This time zone is not available.');
          continue;
        }
        set[column] = next as string | null;
      } else if (name === 'email') {
        next = (value as string).toLowerCase();
        set.email = next as string;
      } else if (name === 'phone') {
        next = value === '' ? null : phoneDigits(value as string);
        set.phone = next as string | null;
      } else if (name === 'gender') {
        next = value;
        set.gender = value as 'male' | 'female' | null;
      } else if (name === 'birthdate') {
        next = value === '' ? null : isoDate(value as string);
        set.birthdate = next as string | null;
      } else if (name === 'country') {
        next = (value as string).toUpperCase();
        if (!countries.has(next as string)) {
          addError(fields, name, 'This country is not available.');
          continue;
        }
        set.country = next as string;
      } else if (name === 'locale') {
        next = (value as string).toLowerCase();
        if (!isLocaleCode(next)) {
          addError(fields, name, 'This language is not available.');
          continue;
        }
        set.locale = next as string;
      } else if (name === 'receiveEmailPromo' || name === 'receiveSmsPromo' || name === 'pwaInstalled') {
        next = value;
        set[name] = value as boolean;
      } else {
        continue;
      }
      const columnName = column ?? name;
      const before = current[columnName];
      if (field && !field.editable && before !== null && before !== '' && before !== undefined && before !== next) {
        addError(fields, name, 'This field cannot be changed.');
        delete set[columnName as keyof typeof set];
      }
    }
    if (Object.keys(fields).length > 0) throw invalid(fields);

    const emailChanged = set.email !== undefined && set.email !== player.email;
    const phoneChanged = set.phone !== undefined && set.phone !== player.phone;
    if (emailChanged) set.confirmedAt = null;
    if (phoneChanged) set.phoneConfirmed = false;
    if (emailChanged || phoneChanged) {
      const clash = emailChanged
        ? (await db.select({ id: players.id }).from(players).where(eq(players.email, set.email!)))[0]
        : undefined;
      if (clash) throw invalid({ email: ['This e-mail address cannot be used.'] });
      const phoneClash =
        phoneChanged && set.phone
          ? (await db.select({ id: players.id }).from(players).where(eq(players.phone, set.phone)))[0]
          : undefined;
      if (phoneClash) throw invalid({ phone: [IDENTIFIER_REFUSED.phone] });
    }
    if (Object.keys(set).length === 0) return toProfile(player);
    let sendConfirmation: (() => void) | undefined;
    let updated: PlayerRow;
    try {
      updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(players)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(players.id, playerId))
          .returning();
        if (emailChanged) sendConfirmation = await issueEmailConfirmation(tx as unknown as Db, playerId, set.email!);
        // Quests' profile tasks (decision 0061): a save that fills an empty field is reported to its listeners.
        if (fillsAField(player as unknown as Record<string, unknown>, set)) {
          for (const listener of deps.profileFilled) await listener(tx as unknown as Db, playerId, new Date());
        }
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'players_email_key'))
        throw invalid({ email: ['This e-mail address cannot be used.'] });
      if (isUniqueViolation(error, 'players_phone_key')) throw invalid({ phone: [IDENTIFIER_REFUSED.phone] });
      throw error;
    }
    if (emailChanged) {
      sendConfirmation?.();
      if (player.email) mail.emailChanged(deps, player.email, set.email!);
      await recordEvent(db, { type: 'email_changed', outcome: 'success', playerId, identity: set.email!, meta });
      await recordEvent(db, {
        type: 'email_confirmation_sent',
        outcome: 'success',
        playerId,
        identity: set.email!,
        meta,
      });
    }
    if (phoneChanged) {
      await recordEvent(db, { type: 'phone_changed', outcome: 'success', playerId, identity: set.phone ?? null, meta });
    }
    return toProfile(updated);
  }

  async function profileFields(playerId: string): Promise<FormField[]> {
    const [player, fields] = await Promise.all([loadPlayer(playerId), fieldsOf(db, 'profile')]);
    const profile = toProfile(player) as unknown as Record<string, unknown>;
    const own = player as unknown as Record<string, unknown>;
    return fields.map((f) => {
      const column = Object.hasOwn(textFields, f.name) ? textFields[f.name as keyof typeof textFields] : f.name;
      const value = Object.hasOwn(profile, f.name) ? profile[f.name] : own[column];
      return value === undefined ? f : { ...f, value };
    });
  }

  async function changePassword(
    playerId: string,
    sessionId: string,
    currentPassword: string,
    next: string,
    meta: RequestMeta,
  ) {
    const player = await loadPlayer(playerId);
    if (!(await verifyPassword(player.passwordHash, currentPassword))) {
      await recordEvent(db, { type: 'password_changed', outcome: 'failure', playerId, sessionId, meta });
      throw invalid({ currentPassword: ['The current password is not correct.'] });
    }
    const passwordHash = await hashPassword(next);
    const closed = await db.transaction(async (tx) => {
      await tx.update(players).set({ passwordHash, updatedAt: sql`now()` }).where(eq(players.id, playerId));
      return closeAllSessions(tx as unknown as Db, playerId, 'password_changed', sessionId);
    });
    notifySessionsClosed(deps, closed);
    if (player.email) mail.passwordChanged(deps, player.email);
    await recordEvent(db, {
      type: 'password_changed',
      outcome: 'success',
      playerId,
      sessionId,
      detail: `${closed.length} other session(s) closed`,
      meta,
    });
  }

  async function requestPasswordReset(rawEmail: string, meta: RequestMeta) {
    const email = rawEmail.trim().toLowerCase();
    // Counted per address whether or not it has an account, so the limit does not tell either.
    const recent = await countRecent(
      db,
      { identity: email, type: 'password_reset_requested' },
      limits.resetsPerEmail.seconds,
    );
    if (recent >= limits.resetsPerEmail.max) {
      await recordEvent(db, {
        type: 'rate_limited',
        outcome: 'limited',
        identity: email,
        detail: 'password reset',
        meta,
      });
      throw ApiError.of(ErrorCode.tooManyAttempts, 'Too many reset requests for this address. Try again later.');
    }
    const [player] = await db
      .select({ id: players.id, status: players.status })
      .from(players)
      .where(eq(players.email, email));
    await recordEvent(db, {
      type: 'password_reset_requested',
      outcome: player ? 'success' : 'refused',
      playerId: player?.id,
      identity: email,
      meta,
    });
    if (!player || player.status === PlayerStatus.blocked) return null;
    const playerId = player.id;
    return async () => {
      const code = randomCode();
      try {
        await db.insert(passwordResets).values({
          playerId,
          channel: 'email',
          codeHash: sha256(code),
          expiresAt: new Date(Date.now() + limits.passwordResetTtlSeconds * 1000),
        });
        await mail.passwordReset(deps, email, code);
      } catch (error) {
        deps.log.error({ err: error, playerId }, 'password reset not issued');
      }
    };
  }

  async function confirmPasswordReset(code: string, password: string, meta: RequestMeta) {
    const passwordHash = await hashPassword(password);
    let closed: string[] = [];
    const playerId = await db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.codeHash, sha256(code)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!reset) return null;
      await tx
        .update(players)
        .set({
          passwordHash,
          updatedAt: sql`now()`,
          // Following an e-mailed link proves the address as well as a confirmation link does.
          ...(reset.channel === 'email' ? { confirmedAt: sql`coalesce(${players.confirmedAt}, now())` } : {}),
        })
        .where(eq(players.id, reset.playerId));
      // Every other outstanding code dies with this one.
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.playerId, reset.playerId), isNull(passwordResets.usedAt)));
      closed = await closeAllSessions(tx as unknown as Db, reset.playerId, 'password_reset');
      return reset.playerId;
    });
    notifySessionsClosed(deps, closed);
    if (!playerId) {
      await recordEvent(db, { type: 'password_reset', outcome: 'failure', detail: 'bad code', meta });
      throw invalid({ code: ['This code is not valid or has expired.'] });
    }
    await recordEvent(db, { type: 'password_reset', outcome: 'success', playerId, meta });
  }

  async function confirmEmail(code: string, meta: RequestMeta) {
    const confirmed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(emailConfirmations)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailConfirmations.codeHash, sha256(code)),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!row) return null;
      // Only while the player still has that address: a link to a replaced address confirms nothing.
      const [player] = await tx
        .update(players)
        .set({ confirmedAt: sql`coalesce(${players.confirmedAt}, now())`, updatedAt: sql`now()` })
        .where(and(eq(players.id, row.playerId), eq(players.email, row.email)))
        .returning({ id: players.id });
      return player ? row : null;
    });
    if (!confirmed) {
      await recordEvent(db, { type: 'email_confirmed', outcome: 'failure', meta });
      throw invalid({ code: ['This confirmation link is not valid or has expired.'] });
    }
    await recordEvent(db, {
      type: 'email_confirmed',
      outcome: 'success',
      playerId: confirmed.playerId,
      identity: confirmed.email,
      meta,
    });
  }

  async function resendConfirmation(playerId: string, meta: RequestMeta) {
    const player = await loadPlayer(playerId);
    if (!player.email) throw invalid({ email: ['There is no e-mail address to confirm.'] });
    if (player.confirmedAt) return 'already-confirmed' as const;
    const where = { playerId, type: 'email_confirmation_sent' as const };
    const [lastMinute, lastHour] = await Promise.all([
      countRecent(db, where, limits.confirmationResend.spacingSeconds),
      countRecent(db, where, limits.confirmationResend.seconds),
    ]);
    if (lastMinute > 0 || lastHour >= limits.confirmationResend.max) {
      await recordEvent(db, {
        type: 'rate_limited',
        outcome: 'limited',
        playerId,
        detail: 'confirmation resend',
        meta,
      });
      throw ApiError.of(ErrorCode.tooManyAttempts, 'A confirmation e-mail was sent recently. Try again later.');
    }
    const send = await issueEmailConfirmation(db, playerId, player.email);
    send();
    await recordEvent(db, {
      type: 'email_confirmation_sent',
      outcome: 'success',
      playerId,
      identity: player.email,
      meta,
    });
    return 'sent' as const;
  }

  return {
    register,
    login,
    loginWithToken,
    mintAutologinToken,
    getProfile: async (playerId) => toProfile(await loadPlayer(playerId)),
    updateProfile,
    profileFields,
    changePassword,
    requestPasswordReset,
    confirmPasswordReset,
    confirmEmail,
    resendConfirmation,
  };
}

const flagOf = (name: string): Pick<FormField, 'name' | 'isRequired'> => ({ name, isRequired: false });

/** Profile columns a registration form may carry (only the fields its scenario lists). */
function collectProfileFields(values: Record<string, unknown>, names: Set<string>, fields: Fields) {
  const out: Partial<typeof players.$inferInsert> = {};
  for (const [name, column] of Object.entries(textFields)) {
    if (!names.has(name) || column === 'freshchatRestoreId') continue;
    const v = text(values, name, fields);
    if (v !== undefined) out[column] = v;
  }
  if (names.has('timeZone') && out.timeZone && !timeZoneIds.has(out.timeZone)) {
    addError(fields, 'timeZone', 'This time zone is not available.');
  }
  if (names.has('gender') && values.gender !== undefined && values.gender !== null && values.gender !== '') {
    if (values.gender === 'male' || values.gender === 'female') out.gender = values.gender;
    else addError(fields, 'gender', 'This value is not valid.');
  }
  if (names.has('birthdate') && typeof values.birthdate === 'string' && values.birthdate !== '' && !fields.birthdate) {
    out.birthdate = isoDate(values.birthdate);
  }
  return out;
}
