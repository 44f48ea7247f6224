import { z } from 'zod';
import {
  Adjustment,
  AdjustmentsQuery,
  adjustmentIdParams,
  CreateAdjustmentRequest,
} from '../backoffice/adjustments.ts';
import { AuditEntry, AuditQuery, AuditVerification, DashboardTiles } from '../backoffice/audit.ts';
import {
  Blocks,
  ClosedSessions,
  CreateNoteRequest,
  LedgerRow,
  Note,
  OptionalReasonRequest,
  Player360,
  PlayerRow,
  PlayerSearchQuery,
  playerIdParams,
  ReasonRequest,
  SetBlocksRequest,
  StaffLimitRequest,
  StaffPlayerSession,
  TransactionsQuery,
} from '../backoffice/players.ts';
import {
  CreateStaffRequest,
  RoleRow,
  SignInChallenge,
  SignInRequest,
  Staff,
  StaffListQuery,
  StaffRow,
  StaffSession,
  UpdateStaffRequest,
  VerifyRequest,
} from '../backoffice/staff.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';
import { Limit } from '../limits.ts';

const staffId = z.object({ id: z.uuid() });

/** Sign-in and the staff themselves (backoffice-api.md §2–3). */
export const backofficeStaffEndpoints = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/sessions',
    auth: 'guest',
    summary:
      'Staff sign-in, first step: e-mail and password. Answers a challenge for the second factor, with the secret to enrol on the first sign-in.',
    tags: ['backoffice'],
    body: SignInRequest,
    response: dataOf(SignInChallenge),
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/sessions/verify',
    auth: 'guest',
    summary:
      'Staff sign-in, second step: the TOTP code. Answers the access token and sets the HttpOnly, SameSite=Strict back-office cookie.',
    tags: ['backoffice'],
    body: VerifyRequest,
    response: dataOf(StaffSession),
  }),
  signOut: defineEndpoint({
    method: 'DELETE',
    path: '/api/backoffice/sessions/current',
    auth: 'staff',
    summary: 'Closes the current staff session: its token and cookie stop working at once.',
    tags: ['backoffice'],
    response: dataOf(z.object({ closed: z.boolean() })),
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/me',
    auth: 'staff',
    summary: 'The signed-in staff member with the permissions of their role.',
    tags: ['backoffice'],
    response: dataOf(Staff),
  }),
  roles: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/roles',
    auth: 'staff',
    summary: 'The roles and what each may do (§3).',
    tags: ['backoffice'],
    response: dataOf(z.array(RoleRow)),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/staff',
    auth: 'staff',
    permission: 'staff:manage',
    summary: 'Staff accounts.',
    tags: ['backoffice'],
    query: StaffListQuery,
    response: pageOf(StaffRow),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/staff',
    auth: 'staff',
    permission: 'staff:manage',
    summary: 'Creates a staff account (an owner only by an owner). The second factor is enrolled at its first sign-in.',
    tags: ['backoffice'],
    body: CreateStaffRequest,
    response: dataOf(StaffRow),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/backoffice/staff/:id',
    auth: 'staff',
    permission: 'staff:manage',
    summary:
      "Changes a staff account's role, cap or disabled flag. Nobody changes their own role; a disabled account's sessions end at once.",
    tags: ['backoffice'],
    params: staffId,
    body: UpdateStaffRequest,
    response: dataOf(StaffRow),
  }),
};

/** Players seen whole (§4). Every read of one player writes an audit row. */
export const backofficePlayerEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/players',
    auth: 'staff',
    permission: 'players:read',
    summary: 'Finds players by e-mail, phone, nickname or id, newest first.',
    tags: ['backoffice'],
    query: PlayerSearchQuery,
    response: pageOf(PlayerRow),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/players/:id',
    auth: 'staff',
    permission: 'players:read',
    summary: 'The player 360: profile, accounts, blocks, limits, bonuses, KYC, flags and 6 months of totals.',
    tags: ['backoffice'],
    params: playerIdParams,
    response: dataOf(Player360),
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/players/:id/transactions',
    auth: 'staff',
    permission: 'players:read',
    summary: "The player's ledger movements, newest first.",
    tags: ['backoffice'],
    params: playerIdParams,
    query: TransactionsQuery,
    response: pageOf(LedgerRow),
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/players/:id/sessions',
    auth: 'staff',
    permission: 'players:read',
    summary: "The player's sessions with address, country, user agent, times and why each closed.",
    tags: ['backoffice'],
    params: playerIdParams,
    response: dataOf(z.array(StaffPlayerSession)),
  }),
  notes: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/players/:id/notes',
    auth: 'staff',
    permission: 'players:read',
    summary: 'Staff notes on the player, newest first.',
    tags: ['backoffice'],
    params: playerIdParams,
    response: dataOf(z.array(Note)),
  }),
  addNote: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/players/:id/notes',
    auth: 'staff',
    permission: 'players:notes',
    summary: 'Adds a note (a note is its own reason).',
    tags: ['backoffice'],
    params: playerIdParams,
    body: CreateNoteRequest,
    response: dataOf(Note),
  }),
  setBlocks: defineEndpoint({
    method: 'PUT',
    path: '/api/backoffice/players/:id/blocks',
    auth: 'staff',
    permission: 'players:block',
    summary:
      'Sets or lifts login, deposit, bet and withdrawal blocks; they act at once on every path (a login block ends every session).',
    tags: ['backoffice'],
    params: playerIdParams,
    body: SetBlocksRequest,
    response: dataOf(Blocks),
  }),
  closeSessions: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/players/:id/sessions/close',
    auth: 'staff',
    permission: 'players:sessions',
    summary: 'Ends every session of the player at once, and its sockets.',
    tags: ['backoffice'],
    params: playerIdParams,
    body: ReasonRequest,
    response: dataOf(ClosedSessions),
  }),
  setLimit: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/players/:id/limits',
    auth: 'staff',
    permission: 'players:limits',
    summary: 'Adds a limit or lowers one, at once. A higher amount or a removal is refused (20006).',
    tags: ['backoffice'],
    params: playerIdParams,
    body: StaffLimitRequest,
    response: dataOf(Limit),
  }),
};

/** Adjustments with four-eyes (§5). */
export const backofficeAdjustmentEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/adjustments',
    auth: 'staff',
    permission: 'adjustments:create',
    summary:
      "Credits or debits a player's real balance: applied at once within the maker's cap, else pending for a second person.",
    tags: ['backoffice'],
    body: CreateAdjustmentRequest,
    response: dataOf(Adjustment),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/adjustments',
    auth: 'staff',
    permission: 'adjustments:create',
    summary: 'Adjustments by status, newest first.',
    tags: ['backoffice'],
    query: AdjustmentsQuery,
    response: pageOf(Adjustment),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/adjustments/:id/approve',
    auth: 'staff',
    permission: 'adjustments:approve',
    summary: 'Approves and applies a pending adjustment; never by the one who asked (20004).',
    tags: ['backoffice'],
    params: adjustmentIdParams,
    body: OptionalReasonRequest,
    response: dataOf(Adjustment),
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/adjustments/:id/reject',
    auth: 'staff',
    permission: 'adjustments:approve',
    summary: 'Rejects a pending adjustment; nothing moves.',
    tags: ['backoffice'],
    params: adjustmentIdParams,
    body: ReasonRequest,
    response: dataOf(Adjustment),
  }),
};

/** The audit log (§7) and the dashboard's live tiles. */
export const backofficeAuditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/audit',
    auth: 'staff',
    permission: 'audit:read',
    summary: 'Audit rows, newest first, filtered by player, staff member, action and UTC days.',
    tags: ['backoffice'],
    query: AuditQuery,
    response: pageOf(AuditEntry),
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/audit/verify',
    auth: 'staff',
    permission: 'audit:read',
    summary: 'Recomputes the chain from its first row and checks it still holds the newest anchored head.',
    tags: ['backoffice'],
    response: dataOf(AuditVerification),
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/dashboard',
    auth: 'staff',
    summary: "Today's tiles: players online, deposits today per currency, adjustments waiting.",
    tags: ['backoffice'],
    response: dataOf(DashboardTiles),
  }),
};

/** The operator API (backoffice-api.md), apart from the player API's table: the player site never loads it. */
export const backofficeEndpoints = {
  staff: backofficeStaffEndpoints,
  players: backofficePlayerEndpoints,
  adjustments: backofficeAdjustmentEndpoints,
  audit: backofficeAuditEndpoints,
};
export type BackofficeEndpoints = typeof backofficeEndpoints;
