import type { Profile } from '@croupier/contracts';
import type { players } from './schema.ts';

export type PlayerRow = typeof players.$inferSelect;

/** The contract's Profile from a player row. `isNewlyRegistered` is true only in the registration answer. */
export function toProfile(p: PlayerRow, { isNewlyRegistered = false } = {}): Profile {
  return {
    id: p.id,
    status: p.status,
    email: p.email,
    phone: p.phone,
    currency: p.currency,
    country: p.country,
    birthdate: p.birthdate,
    firstName: p.firstName,
    lastName: p.lastName,
    nickname: p.nickname,
    gender: p.gender === 'male' || p.gender === 'female' ? p.gender : null,
    nationality: p.nationality,
    placeOfBirth: p.placeOfBirth,
    address: p.address,
    additionalAddress: p.additionalAddress,
    city: p.city,
    postalCode: p.postalCode,
    timeZone: p.timeZone,
    profession: p.profession,
    personalIdNumber: p.personalIdNumber,
    securityQuestion: p.securityQuestion,
    securityAnswer: p.securityAnswer,
    locale: p.locale,
    freshchatRestoreId: p.freshchatRestoreId,
    receiveEmailPromo: p.receiveEmailPromo,
    receiveSmsPromo: p.receiveSmsPromo,
    agreedTc: p.agreedTc,
    confirmedAt: p.confirmedAt?.toISOString() ?? null,
    phoneConfirmed: p.phoneConfirmed,
    createdAt: p.createdAt.toISOString(),
    segmentIds: p.segmentIds,
    isNewlyRegistered,
    pwaInstalled: p.pwaInstalled,
    externalId: p.externalId,
    referralCode: p.referralCode,
    qualifiedReferralsCount: null,
  };
}

/**
 * Profile fields as they are named in forms and in PUT /profile, and the player columns they fill.
 * Free-text fields only; email, phone, gender, birthdate, country, locale and the flags have their own handling.
 */
export const textFields = {
  firstName: 'firstName',
  lastName: 'lastName',
  nickname: 'nickname',
  nationality: 'nationality',
  placeOfBirth: 'placeOfBirth',
  address: 'address',
  additionalAddress: 'additionalAddress',
  city: 'city',
  postalCode: 'postalCode',
  profession: 'profession',
  personalIdNumber: 'personalIdNumber',
  securityQuestion: 'securityQuestion',
  securityAnswer: 'securityAnswer',
  language: 'language',
  cpf_number: 'cpfNumber',
  timeZone: 'timeZone',
  freshchatRestoreId: 'freshchatRestoreId',
} as const satisfies Record<string, keyof PlayerRow>;
