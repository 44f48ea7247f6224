import { z } from 'zod';
import { ROLES } from './roles.ts';

/**
 * Staff accounts and their sign-in (backoffice-api.md §2–3). Staff are not players: their own table, their
 * own token, a second factor that is always on.
 */

/** Every change a staff member makes carries one (§1): 3 to 500 characters, trimmed. */
export const Reason = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters.')
  .max(500, 'The reason may have at most 500 characters.');

export const StaffRole = z.enum(ROLES);

export const Staff = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  permissions: z.array(z.string()),
  disabled: z.boolean(),
  /** The password was set by someone else (the command line, a colleague): every call but a few is refused until it is changed. */
  mustChangePassword: z.boolean(),
});
export type Staff = z.infer<typeof Staff>;

/** The staff list adds what an operator manages (§3, §5): the cap, the second factor, the last sign-in. */
export const StaffRow = Staff.extend({
  /** Major units of the base currency (§5). */
  adjustmentCap: z.number(),
  enrolled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof StaffRow>;

const email = z.email('Enter a valid e-mail address.').max(254).toLowerCase();

export const SignInRequest = z.object({
  email,
  password: z.string().min(1, 'This field is required.').max(256),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SignInChallenge = z.object({
  challengeId: z.string(),
  /** Present on the first sign-in of an account without a second factor yet: the secret to enrol. */
  enrolment: z.object({ secret: z.string(), otpauthUrl: z.string() }).nullable(),
});
export type SignInChallenge = z.infer<typeof SignInChallenge>;

export const VerifyRequest = z.object({
  challengeId: z.uuid('Unknown challenge.'),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6 digits your app shows.'),
});
export type VerifyRequest = z.infer<typeof VerifyRequest>;

export const StaffSession = z.object({ accessToken: z.string(), expiresAt: z.string(), staff: Staff });
export type StaffSession = z.infer<typeof StaffSession>;

export const RoleRow = z.object({ role: StaffRole, permissions: z.array(z.string()) });

/** At least 12 characters: a staff password guards every player's data. */
const password = z.string().min(12, 'At least 12 characters.').max(256);

export const CreateStaffRequest = z.object({
  email,
  name: z.string().trim().min(1, 'This field is required.').max(100),
  role: StaffRole,
  password,
  reason: Reason,
});
export type CreateStaffRequest = z.infer<typeof CreateStaffRequest>;

/** A staff member's own password (decision 0111); the server also refuses the current one and the e-mail's name. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'This field is required.').max(256),
  newPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const UpdateStaffRequest = z.object({
  role: StaffRole.optional(),
  disabled: z.boolean().optional(),
  /** Major units of the base currency; 0 sends every adjustment of theirs to a second person. */
  adjustmentCap: z.number().finite().min(0).max(1e9).optional(),
  reason: Reason,
});
export type UpdateStaffRequest = z.infer<typeof UpdateStaffRequest>;

export const StaffListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(50),
});
