import { type Auth, isYesLike } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { hashPassword } from '../crypto.ts';
import { emitRegistered, reportRegistration } from '../events.ts';
import { mail } from '../mail.ts';
import { consumeRegistrationOtp } from '../otp.ts';
import type { PlayerRow } from '../profile.ts';
import { players } from '../schema.ts';
import { openSession } from '../sessions/sessions.ts';
import { geoRefusal } from './deps.ts';
import { issueEmailConfirmation } from './email-confirmation.ts';
import { IDENTIFIER_REFUSED, invalid, isUniqueViolation } from './form.ts';
import { assertSignUpMode, type Channel, type RegistrationForm, readRegistration } from './registration-form.ts';

// POST /api/player/register and /register/phone: the form, the phone's code, the account and its first
// session in one transaction, then "player registered". A taken identifier is refused as slowly as a
// registration takes, with the same words for every reason (decisions 0009, 0034).

/** Where the sign-up came from, read from the body as sent. */
interface Origin {
  fingerprint: string;
  affiliateTag: string | null;
  referralCode: string | null;
}

export async function register(
  deps: PlayerDeps,
  body: Record<string, unknown>,
  meta: RequestMeta,
  channel: Channel,
): Promise<Auth> {
  const startedAt = performance.now();
  assertSignUpMode(deps, channel);
  const form = await readRegistration(deps, body, meta, channel);
  const refused = geoRefusal(deps.settings, meta, 'Registration');
  if (refused) throw refused;
  if (channel === 'phone') await consumeRegistrationOtp(deps, form.phone!, String(form.values.code ?? ''), meta);
  const refuse = () => refuseTaken(deps, form, meta, startedAt);
  if (await identifierTaken(deps.db, form)) throw await refuse();

  const passwordHash = await hashPassword(form.password);
  const origin = originOf(body);
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount(deps, form, origin, passwordHash, meta);
  } catch (error) {
    if (isUniqueViolation(error, `players_${channel}_key`)) throw await refuse();
    throw error;
  }
  const { auth, row, sendConfirmation } = created;
  sendConfirmation?.();
  await recordEvent(deps.db, {
    type: 'registration',
    outcome: 'success',
    playerId: row.id,
    sessionId: auth.sessionId,
    identity: form.email ?? form.phone,
    detail: channel,
    meta,
  });
  deps.registrationPace.record(performance.now() - startedAt);
  await emitRegistered(deps, {
    playerId: row.id,
    currency: row.currency,
    country: row.country,
    method: channel,
    affiliateTag: origin.affiliateTag,
    referralCode: origin.referralCode,
    profile: auth.profile,
  });
  return auth;
}

const originOf = (body: Record<string, unknown>): Origin => ({
  fingerprint: typeof body.fingerprint === 'string' ? body.fingerprint : '',
  affiliateTag: typeof body.affiliateTag === 'string' && body.affiliateTag ? body.affiliateTag : null,
  referralCode: typeof body.referralCode === 'string' && body.referralCode ? body.referralCode : null,
});

async function identifierTaken(db: Db, form: RegistrationForm): Promise<boolean> {
  const [taken] = await db
    .select({ id: players.id, email: players.email })
    .from(players)
    .where(form.channel === 'email' ? eq(players.email, form.email!) : eq(players.phone, form.phone!));
  return taken !== undefined;
}

/** The refusal of a taken identifier: as long as a registration takes, and the owner of an e-mail is told. */
async function refuseTaken(deps: PlayerDeps, form: RegistrationForm, meta: RequestMeta, startedAt: number) {
  const { channel, email, phone } = form;
  // As long as a registration takes, hash included: the answer time does not tell a taken address.
  await hashPassword(form.password);
  if (channel === 'email') mail.registrationAttempt(deps, email!);
  await recordEvent(deps.db, {
    type: 'registration',
    outcome: 'refused',
    identity: email ?? phone,
    detail: 'identifier taken',
    meta,
  });
  await deps.registrationPace.padFrom(startedAt);
  return invalid({ [channel]: [IDENTIFIER_REFUSED[channel]] });
}

/** The player row, its e-mail's confirmation code and its first session, in one transaction. */
async function createAccount(
  deps: PlayerDeps,
  form: RegistrationForm,
  origin: Origin,
  passwordHash: string,
  meta: RequestMeta,
): Promise<{ auth: Auth; row: PlayerRow; sendConfirmation: (() => void) | undefined }> {
  const { channel, values, names, email, phone } = form;
  let sendConfirmation: (() => void) | undefined;
  const { auth, row } = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [created] = await tx
      .insert(players)
      .values({
        ...form.profile,
        email: email ?? null,
        phone: phone ?? null,
        phoneConfirmed: channel === 'phone',
        passwordHash,
        currency: form.currency,
        country: form.country,
        locale: form.locale ?? null,
        agreedTc: isYesLike(values.agreements),
        receiveEmailPromo: names.has('receiveEmailPromo') && isYesLike(values.receiveEmailPromo),
        receiveSmsPromo: names.has('receiveSmsPromo') && isYesLike(values.receiveSmsPromo),
        affiliateTag: origin.affiliateTag,
        referredBy: origin.referralCode,
        fingerprint: origin.fingerprint || null,
        registrationIp: meta.ip,
        registrationCountry: meta.country,
      })
      .returning();
    await reportRegistration(tx, created!);
    if (email) sendConfirmation = await issueEmailConfirmation(deps, tx, created!.id, email);
    const session = { meta, fingerprint: origin.fingerprint, method: `register-${channel}`, isNewlyRegistered: true };
    return { auth: await openSession(deps, created!, session, tx), row: created! };
  });
  return { auth, row, sendConfirmation };
}
