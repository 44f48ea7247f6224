import { ActivityBoard, channelOwner, PlayerChannel, PublicChannel, PublicChannelFamily } from '@croupier/contracts';

const playerNamespaces = new Set<string>(Object.values(PlayerChannel));
const publicChannels = new Set<string>(Object.values(PublicChannel));
/** `tournaments:{id}`: the id is one path segment (no `#`, no `:`). */
const tournamentChannel = new RegExp(`^${PublicChannelFamily.tournament}[A-Za-z0-9_-]{1,64}$`);
/** `game:winners:{mobile|desktop}:{country}`: an ISO alpha-2 code, as the client sends it. */
const winnersChannel = new RegExp(`^${PublicChannelFamily.winners}(mobile|desktop):[A-Z]{2}$`);
/** `activity-board:boards#{boardId}` of a board that exists: its `#` names a board, not a player. */
const boardChannels = new Set<string>(Object.values(ActivityBoard).map((id) => PublicChannelFamily.activityBoard + id));

/** Public channels that have a history (the client reads it on subscribe): the activity boards. */
export const hasHistory = (channel: string): boolean => boardChannels.has(channel);

/**
 * Who may subscribe where (api-contract §14): a channel ending in `#{playerId}` only for the connection
 * of that player (`sub` of its token), and only in a known namespace; the public channels for anyone,
 * guests included. Everything else is refused, so an unknown namespace never becomes an open channel.
 */
export function maySubscribe(channel: string, user: string | null): boolean {
  if (boardChannels.has(channel) || winnersChannel.test(channel)) return true;
  const owner = channelOwner(channel);
  if (owner === null) return publicChannels.has(channel) || tournamentChannel.test(channel);
  if (!user || owner !== user) return false;
  const namespace = channel.slice(0, channel.length - owner.length - 1);
  return playerNamespaces.has(namespace) || tournamentChannel.test(namespace);
}
