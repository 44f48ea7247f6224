import type { Country, FormField, Profile, ProfileUpdate } from '@croupier/contracts';
import { isLocaleCode } from '@croupier/contracts/reference/index';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { fieldsOf, rulesOf, validateFields } from '../fields.ts';
import { type MailDeps, mail } from '../mail.ts';
import { phoneDigits } from '../otp.ts';
import { type PlayerRow, textFields, toProfile } from '../profile.ts';
import { fillsAField } from '../profile-fields.ts';
import { players } from '../schema.ts';
import { countriesOf, loadPlayer } from './deps.ts';
import { issueEmailConfirmation } from './email-confirmation.ts';
import { addError, type Fields, IDENTIFIER_REFUSED, invalid, isoDate, isUniqueViolation, timeZoneIds } from './form.ts';

// PUT /api/player/profile (api-contract §4): a partial update of the fields the profile form lists (plus a few
// always accepted); a field fixed once set stays; a new e-mail needs a new confirmation, a new phone a new check.

type PlayerSet = Partial<typeof players.$inferInsert>;
type ProfileDeps = Pick<PlayerDeps, 'db' | 'settings' | 'profileFilled'> & MailDeps;

/** Always accepted, whatever the form lists (api-contract §4 partial updates). */
const ALWAYS = [
  'email',
  'phone',
  'locale',
  'receiveEmailPromo',
  'receiveSmsPromo',
  'pwaInstalled',
  'freshchatRestoreId',
];

export async function updateProfile(
  deps: ProfileDeps,
  playerId: string,
  update: z.output<typeof ProfileUpdate>,
  meta: RequestMeta,
): Promise<Profile> {
  const player = await loadPlayer(deps.db, playerId);
  const set = await changesOf(deps, player, update as Record<string, unknown>);
  const emailChanged = set.email !== undefined && set.email !== player.email;
  const phoneChanged = set.phone !== undefined && set.phone !== player.phone;
  if (emailChanged) set.confirmedAt = null;
  if (phoneChanged) set.phoneConfirmed = false;
  if (emailChanged || phoneChanged) await assertIdentifiersFree(deps.db, set, emailChanged, phoneChanged);
  if (Object.keys(set).length === 0) return toProfile(player);
  const { updated, sendConfirmation } = await saveProfile(deps, player, set, emailChanged);
  if (emailChanged) {
    sendConfirmation?.();
    if (player.email) mail.emailChanged(deps, player.email, set.email!);
    await recordEvent(deps.db, { type: 'email_changed', outcome: 'success', playerId, identity: set.email!, meta });
    await recordEvent(deps.db, {
      type: 'email_confirmation_sent',
      outcome: 'success',
      playerId,
      identity: set.email!,
      meta,
    });
  }
  if (phoneChanged) {
    const identity = set.phone ?? null;
    await recordEvent(deps.db, { type: 'phone_changed', outcome: 'success', playerId, identity, meta });
  }
  return toProfile(updated);
}

/** The columns the update sets, each field checked against its rules and whether it may still change. */
async function changesOf(deps: ProfileDeps, player: PlayerRow, values: Record<string, unknown>): Promise<PlayerSet> {
  const scenario = await fieldsOf(deps.db, 'profile');
  const byName = new Map(scenario.map((f) => [f.name, f]));
  const sent = Object.keys(values).filter((k) => values[k] !== undefined && (byName.has(k) || ALWAYS.includes(k)));
  const flags = sent.map((name) => byName.get(name) ?? { name, isRequired: false });
  const fields: Fields = validateFields(rulesOf(flags), values);
  const set: PlayerSet = {};
  const current = player as unknown as Record<string, unknown>;
  const countries = countriesOf(deps.settings);
  for (const name of sent) {
    if (fields[name]) continue;
    const change = changeOf(name, values[name], countries);
    if (!change) continue;
    if ('error' in change) {
      addError(fields, name, change.error);
      continue;
    }
    (set as Record<string, unknown>)[change.column] = change.next;
    if (isFixed(byName.get(name), current[change.column], change.next)) {
      addError(fields, name, 'This field cannot be changed.');
      delete set[change.column];
    }
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return set;
}

/** A field the form marks not editable keeps a value it has. */
const isFixed = (field: FormField | undefined, before: unknown, next: unknown) =>
  field !== undefined && !field.editable && before !== null && before !== '' && before !== undefined && before !== next;

type Change = { column: keyof PlayerSet; next: unknown } | { error: string } | null;

/** The column value a sent field asks for, or why it cannot have it; null for a field with no column. */
function changeOf(name: string, value: unknown, countries: ReadonlyMap<string, Country>): Change {
  if (Object.hasOwn(textFields, name)) {
    const next = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    if (name === 'timeZone' && next !== null && !timeZoneIds.has(next)) {
      return { error: 'This time zone is not available.' };
    }
    return { column: textFields[name as keyof typeof textFields], next };
  }
  switch (name) {
    case 'email':
      return { column: 'email', next: (value as string).toLowerCase() };
    case 'phone':
      return { column: 'phone', next: value === '' ? null : phoneDigits(value as string) };
    case 'gender':
      return { column: 'gender', next: value };
    case 'birthdate':
      return { column: 'birthdate', next: value === '' ? null : isoDate(value as string) };
    case 'country': {
      const next = (value as string).toUpperCase();
      return countries.has(next) ? { column: 'country', next } : { error: 'This country is not available.' };
    }
    case 'locale': {
      const next = (value as string).toLowerCase();
      return isLocaleCode(next) ? { column: 'locale', next } : { error: 'This language is not available.' };
    }
    case 'receiveEmailPromo':
    case 'receiveSmsPromo':
    case 'pwaInstalled':
      return { column: name, next: value };
    default:
      return null;
  }
}

/** A new e-mail or phone that another player has is refused before the save (and by the unique index after). */
async function assertIdentifiersFree(db: Db, set: PlayerSet, emailChanged: boolean, phoneChanged: boolean) {
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

/** Writes the changes, a new address's confirmation code, and tells the profile-filled listeners, in one transaction. */
async function saveProfile(deps: ProfileDeps, player: PlayerRow, set: PlayerSet, emailChanged: boolean) {
  let sendConfirmation: (() => void) | undefined;
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(players)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(players.id, player.id))
        .returning();
      if (emailChanged) {
        sendConfirmation = await issueEmailConfirmation(deps, tx as unknown as Db, player.id, set.email!);
      }
      // Quests' profile tasks (decision 0061): a save that fills an empty field is reported to its listeners.
      if (fillsAField(player as unknown as Record<string, unknown>, set)) {
        for (const listener of deps.profileFilled) await listener(tx as unknown as Db, player.id, new Date());
      }
      return row!;
    });
    return { updated, sendConfirmation };
  } catch (error) {
    if (isUniqueViolation(error, 'players_email_key'))
      throw invalid({ email: ['This e-mail address cannot be used.'] });
    if (isUniqueViolation(error, 'players_phone_key')) throw invalid({ phone: [IDENTIFIER_REFUSED.phone] });
    throw error;
  }
}
