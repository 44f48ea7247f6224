// The player module as other modules see it (decision 0098): accounts, sessions and sign-in. Functions, never
// tables; the token key stays inside.

export {
  type BlocksChange,
  type BlocksPatch,
  blocksOf,
  type PlayerBlocks,
  refuseBetBlockedLaunch,
} from './blocks.ts';
export type { PlayerRegistered, PlayerRegisteredListener, RequestMeta } from './context.ts';
/** argon2id with the players' settings: the staff module hashes its passwords the same way (decision 0104). */
export { hashPassword, verifyPassword } from './crypto.ts';
export { type DevicePlayers, devicePlayers } from './devices.ts';
export { emailsOf } from './emails.ts';
export { PLAYERS_CHANNEL, type PlayerRegisteredEvent } from './events.ts';
export { playersKey } from './keys.ts';
export type { AccountEmail, AccountMessenger, AccountSms } from './mail.ts';
export { createPlayerModule, type PlayerModule } from './module.ts';
export { publicNameColumn, publicNicknameIn, publicNicknames } from './nicknames.ts';
export { type PlayStatus, playStatusColumn, playStatusIn } from './play-status.ts';
export { type PlayerPreferences, preferencesOf } from './preferences.ts';
export { filledProfileFields } from './profile-fields.ts';
export {
  backfillReferralCodes,
  ensureReferralCode,
  lockReferrerByCode,
  lockReferrerCurrency,
} from './referral-codes.ts';
export { timeZoneIn } from './responsible-gaming.ts';
export { ensureFieldSettings, seedFieldSettings } from './seed.ts';
export { playerOf, registerAuthentication } from './sessions/auth.ts';
export type { JwtCheck as AccessTokenCheck } from './sessions/jwt.ts';
export type { AuthContext } from './sessions/sessions.ts';
export { staffLabels } from './staff-labels.ts';
export { type PlayerSearch, SEARCH_COUNT_AHEAD, searchPlayers } from './staff-search.ts';
export { isPlayer, playerForStaff, playerSessionsForStaff, STAFF_SESSIONS_SHOWN } from './staff-view.ts';
export { playerStatusIn } from './status-in.ts';
export { type SharedTraces, sharedTraces } from './traces.ts';
