import { z } from 'zod';

/** Profile as the client reads it (api-contract §4). Every field is read somewhere. */
export const Profile = z.object({
  id: z.string(),
  status: z.number().int(),
  email: z.string().nullable(),
  /** Digits only, country code first, no '+'. */
  phone: z.string().nullable(),
  currency: z.string().nullable(),
  country: z.string().nullable(),
  birthdate: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  nickname: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  nationality: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  additionalAddress: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  timeZone: z.string().nullable(),
  profession: z.string().nullable(),
  personalIdNumber: z.string().nullable(),
  securityQuestion: z.string().nullable(),
  securityAnswer: z.string().nullable(),
  locale: z.string().nullable(),
  freshchatRestoreId: z.string().nullable(),
  receiveEmailPromo: z.boolean(),
  receiveSmsPromo: z.boolean(),
  agreedTc: z.boolean(),
  /** null means the e-mail is not confirmed. */
  confirmedAt: z.string().nullable(),
  phoneConfirmed: z.boolean(),
  createdAt: z.string().nullable(),
  segmentIds: z.array(z.string()),
  isNewlyRegistered: z.boolean(),
  pwaInstalled: z.boolean(),
  externalId: z.number().int(),
  referralCode: z.string().nullable(),
  qualifiedReferralsCount: z.number().int().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** Answer of every login and registration (api-contract §3.1). */
export const Auth = z.object({
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
  /** ISO instant when the access token expires. */
  expiresAfter: z.string(),
  sessionId: z.string(),
  profile: Profile,
});
export type Auth = z.infer<typeof Auth>;

/** Claims of the access token (api-contract §1.2): `sub` is the player id, `sessionId` the session. */
export const AccessClaims = z.object({
  iss: z.string(),
  sub: z.string(),
  id: z.string(),
  sessionId: z.string(),
  jti: z.string(),
  iat: z.number().int(),
  nbf: z.number().int(),
  exp: z.number().int(),
  prv: z.string(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;

export const FieldScenario = z.enum(['registration', 'profile']);
export type FieldScenario = z.infer<typeof FieldScenario>;

/** A server-driven form field (api-contract §2.1): the client builds its rules from the name and flags. */
export const FormField = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  editable: z.boolean(),
  isRequired: z.boolean(),
  isVisible: z.boolean(),
  position: z.number().int(),
  value: z.unknown().optional(),
});
export type FormField = z.infer<typeof FormField>;

const fingerprint = z.string().max(256).default('');
const password = z.string().min(6).max(128);
const digitsPhone = z.string().regex(/^\d{2,20}$/, 'Must be digits only, country code first.');

export const LoginRequest = z.object({
  /** E-mail, or a digits-only phone. */
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  fingerprint,
});

/**
 * Registration body: one key per registration field (validated against the operator's field
 * definitions on the server), plus these.
 */
export const RegisterRequest = z
  .object({
    fingerprint,
    affiliateTag: z.string().max(100).optional(),
    referralCode: z.string().max(64).optional(),
  })
  .catchall(z.unknown());

export const RegisterPhoneRequest = RegisterRequest.extend({ code: z.string().regex(/^\d{6}$/, 'Must be 6 digits.') });

export const OtpReason = z.enum(['registration', 'phoneVerification', 'changingPass']);
export const OtpSendRequest = z.object({ phone: digitsPhone, reason: OtpReason });
export const OtpVerifyRequest = z.object({
  phone: digitsPhone,
  code: z.string().regex(/^\d{6}$/, 'Must be 6 digits.'),
  reason: OtpReason,
});

export const TokenLoginRequest = z.object({ token: z.string().min(16).max(512), fingerprint });

/**
 * The refresh's body, all optional (the spec's client sends none): a client that sends the device fingerprint it
 * signed in with has it compared when it refreshes by bearer token alone (decision 0096).
 */
export const RefreshRequest = z.object({ fingerprint: z.string().max(256).optional() });

export const SocialLoginRequest = z.object({
  connection: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  provider: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  locale: z.string().max(5).optional(),
  fingerprint,
  affiliateTag: z.string().max(100).optional(),
});

const same = <T extends { newPassword: string; repeatNewPassword: string }>(v: T) =>
  v.newPassword === v.repeatNewPassword;
const sameMessage = { message: 'The passwords do not match.', path: ['repeatNewPassword'] };

export const PasswordChangeRequest = z
  .object({ currentPassword: z.string().min(1).max(128), newPassword: password, repeatNewPassword: z.string().min(1) })
  .refine(same, sameMessage);
export const PasswordResetRequest = z.object({ email: z.email().max(254) });
export const PasswordConfirmRequest = z
  .object({ code: z.string().min(1).max(200), newPassword: password, repeatNewPassword: z.string().min(1) })
  .refine(same, sameMessage);
export const CodeRequest = z.object({ code: z.string().min(1).max(200) });

/** Partial profile update (api-contract §4): only the keys sent change. Unknown keys are ignored. */
export const ProfileUpdate = z
  .object({
    email: z.email().max(254),
    phone: z.union([digitsPhone, z.literal('')]),
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    nickname: z.string().trim().max(40),
    gender: z.enum(['male', 'female']).nullable(),
    birthdate: z.string().max(20),
    country: z.string().length(2),
    nationality: z.string().max(60),
    placeOfBirth: z.string().max(100),
    address: z.string().max(200),
    additionalAddress: z.string().max(200),
    city: z.string().max(100),
    postalCode: z.string().max(20),
    timeZone: z.string().max(60),
    profession: z.string().max(100),
    personalIdNumber: z.string().max(60),
    securityQuestion: z.string().max(200),
    securityAnswer: z.string().max(200),
    locale: z.string().max(5),
    language: z.string().max(5),
    cpf_number: z.string().max(20),
    receiveEmailPromo: z.boolean(),
    receiveSmsPromo: z.boolean(),
    pwaInstalled: z.literal(true),
    freshchatRestoreId: z.string().max(100),
  })
  .partial();

/** One row of the session list (api-contract §3.5). */
export const Session = z.object({
  sessionId: z.string(),
  playerId: z.string(),
  ip: z.string(),
  country: z.string(),
  deviceType: z.string(),
  userAgent: z.string(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Session = z.infer<typeof Session>;

export const DocumentType = z.enum([
  'identity_front',
  'identity_back',
  'identity_selfie_id',
  'address',
  'payment',
  'payment_back',
  'other',
]);

export const PlayerDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  /** 1 approved, 2 pending, 3 rejected. */
  status: z.number().int(),
  type: z.string(),
  createdAt: z.string(),
  rejectReason: z.string().nullable(),
  error: z.string().optional(),
});
export type PlayerDocument = z.infer<typeof PlayerDocument>;

export const MessageAnswer = z.object({ message: z.string() });

/** A message the development mailbox captured instead of sending (e-mail or SMS). */
export const OutboundMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboundMessage = z.infer<typeof OutboundMessage>;
