import { z } from 'zod';

/**
 * The real-time channels of api-contract §14.2, named once for the server (which publishes and checks
 * permissions) and the web client (which subscribes). A player channel ends in `#{playerId}` and only the
 * connection whose token `sub` is that player may subscribe to it.
 */

/** Channel namespaces subscribed per player: `${name}#${playerId}`. */
export const PlayerChannel = {
  bonusCodes: 'bonus:player-bonus-codes',
  playerBonuses: 'bonus:player-bonuses',
  playerFreespins: 'bonus:player-freespins',
  quests: 'retention:quests',
  loyaltyAccounts: 'retention:accounts',
  /** `wheel.spin.issued` (the retention issue publishes it). */
  wheels: 'retention:wheels',
  walletAccounts: 'wallet:accounts',
  invoices: 'payment:invoices',
  notifications: 'messenger:notifications',
  bets: 'game:bets',
} as const;
export type PlayerChannelName = (typeof PlayerChannel)[keyof typeof PlayerChannel];

/** Channels anyone may subscribe to (guests included). */
export const PublicChannel = {
  tournaments: 'tournaments',
  online: 'global:online',
} as const;

/**
 * The back office's channels (docs/decisions/0110): only a staff connection (the back-office cookie or a staff
 * token) allowed them may subscribe, never a player's or a guest's; a staff connection never gets a player's.
 */
export const STAFF_CHANNEL_PREFIX = 'staff:';
export const StaffChannel = {
  /** `dashboard.changed`: one of the dashboard's tiles moved; read the figures again. */
  dashboard: 'staff:dashboard',
} as const;

/** `wallet:accounts` + player id → `wallet:accounts#<id>`. */
export const playerChannel = (name: PlayerChannelName, playerId: string): string => `${name}#${playerId}`;

/** The player a channel is limited to, or null for a channel without the `#` suffix. */
export function channelOwner(channel: string): string | null {
  const at = channel.lastIndexOf('#');
  return at < 0 ? null : channel.slice(at + 1);
}

/** Event names carried in `publication.data.event` (api-contract §14.2). */
export const RealtimeEvent = {
  accountBalanceUpdated: 'account.balance.updated',
  invoiceDepositUpdated: 'invoice.deposit.updated',
  invoiceWithdrawalUpdated: 'invoice.withdrawal.updated',
  invoiceWithdrawalCreated: 'invoice.withdrawal.created',
  messageReceived: 'message.received',
  betRestricted: 'game.bet.restricted',
  betMaxExceed: 'game.bet.max.exceed',
  questUpdated: 'quest.updated',
  questTaskUpdated: 'quest.task.updated',
  tournamentCompleted: 'tournament.completed',
  playerBonusCreated: 'player.bonus.created',
  playerBonusUpdated: 'player.bonus.updated',
  playerFreespinCreated: 'player.freespin.created',
  playerFreespinUpdated: 'player.freespin.updated',
  bonusCodeUpdated: 'player.bonus.code.updated',
  loyaltyLevelUpdated: 'account.level.updated',
  onlineCount: 'online.count',
  wheelSpinIssued: 'wheel.spin.issued',
  gameWinner: 'game.winner',
  activityBoardUpdated: 'activity-board.updated',
  dashboardChanged: 'dashboard.changed',
} as const;

/** What `global:online` carries: the number of players connected now. */
export interface OnlineCount {
  event: typeof RealtimeEvent.onlineCount;
  count: number;
}

/** Real-time timings of spec §9 (milliseconds), shared by the client set-up and its tests. */
export const RealtimeTimings = {
  minReconnectDelay: 500,
  maxReconnectDelay: 20_000,
  timeout: 5_000,
  maxServerPingDelay: 10_000,
  minRefreshDelay: 5_000,
  maxRefreshDelay: 10_000,
  minResubscribeDelay: 500,
  maxResubscribeDelay: 20_000,
  subscriptionRefreshMin: 10_000,
  subscriptionRefreshMax: 20_000,
} as const;

/**
 * Public channels that are families, anyone may subscribe: `tournaments:{tournamentId}` (leaderboards),
 * `game:winners:{mobile|desktop}:{country}` (live winners) and `activity-board:boards#{boardId}` (the `#` is
 * part of the client's channel name, not a player: a board id is not a user).
 */
export const PublicChannelFamily = {
  tournament: 'tournaments:',
  winners: 'game:winners:',
  activityBoard: 'activity-board:boards#',
} as const;

/** `game:winners:{mobile|desktop}:{country}`: platform 1 is mobile, 2 desktop (api-contract §1.5). */
export const winnersChannel = (platform: 1 | 2, country: string): string =>
  `${PublicChannelFamily.winners}${platform === 1 ? 'mobile' : 'desktop'}:${country}`;

/** The activity boards (decision 0051): their ids are what a CMS lists as the home page's boards. */
export const ActivityBoard = {
  /** Every settled real-money round, newest first. */
  latestBets: 'latest-bets',
  /** Settled rounds that paid more than their stake and at least BIG_WIN_MULTIPLIER times it. */
  bigWins: 'big-wins',
} as const;
export type ActivityBoardId = (typeof ActivityBoard)[keyof typeof ActivityBoard];

export const activityBoardChannel = (board: ActivityBoardId): string => `${PublicChannelFamily.activityBoard}${board}`;

/**
 * A publication to every channel of a family at once: the outbox row's channel is the family's prefix plus
 * `*` (`game:winners:desktop:*`), and `data[FAMILY_ONLY]`, when present, lists the only suffixes (countries)
 * it goes to. Publishers deliver it to each concrete channel without that key; no client can subscribe to a
 * channel containing `*`.
 */
export const FAMILY_WILDCARD = '*';
export const FAMILY_ONLY = '$only';

/**
 * The part of Centrifuge's bidirectional JSON protocol (v2) the server speaks: one command per line of a
 * websocket text frame. Unknown methods are kept as `other` so the server can answer "method not found".
 */
const channelName = z.string().min(1).max(255);
export const RealtimeCommand = z.object({
  id: z.number().int().nonnegative().optional(),
  connect: z
    .object({ token: z.string().max(8192).optional(), name: z.string().max(64).optional() })
    .passthrough()
    .optional(),
  subscribe: z.object({ channel: channelName }).passthrough().optional(),
  unsubscribe: z.object({ channel: channelName }).passthrough().optional(),
  refresh: z.object({ token: z.string().max(8192) }).optional(),
  ping: z.object({}).passthrough().optional(),
  publish: z.object({}).passthrough().optional(),
  presence: z.object({}).passthrough().optional(),
  presence_stats: z.object({}).passthrough().optional(),
  history: z.object({}).passthrough().optional(),
  rpc: z.object({}).passthrough().optional(),
  send: z.object({}).passthrough().optional(),
  sub_refresh: z.object({}).passthrough().optional(),
});
export type RealtimeCommand = z.infer<typeof RealtimeCommand>;

/** Reply error codes of the protocol (a client retries codes under 100, 109 and `temporary` ones). */
export const RealtimeErrorCode = {
  internal: 100,
  unauthorized: 101,
  unknownChannel: 102,
  permissionDenied: 103,
  methodNotFound: 104,
  alreadySubscribed: 105,
  limitExceeded: 106,
  badRequest: 107,
  notAvailable: 108,
  tokenExpired: 109,
  tooManyRequests: 111,
} as const;

/** Websocket close codes: 3000-3499 make the client reconnect, 3500-3999 do not. */
export const RealtimeDisconnect = {
  shutdown: { code: 3001, reason: 'shutdown' },
  serverError: { code: 3004, reason: 'internal server error' },
  expired: { code: 3005, reason: 'connection expired' },
  /** Publications may have been missed (this instance's Redis subscription was cut): reconnect and fetch again. */
  insufficientState: { code: 3010, reason: 'insufficient state' },
  slow: { code: 3008, reason: 'slow' },
  noPong: { code: 3012, reason: 'no pong' },
  tooManyRequests: { code: 3013, reason: 'too many requests' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
} as const;
export type RealtimeDisconnectReason = (typeof RealtimeDisconnect)[keyof typeof RealtimeDisconnect];
