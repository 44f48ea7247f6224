import { channelOwner, PlayerChannel, PublicChannel, PublicChannelFamily } from '@croupier/contracts';

const playerNamespaces = new Set<string>(Object.values(PlayerChannel));
const publicChannels = new Set<string>(Object.values(PublicChannel));
/** `tournaments:{id}`: the id is one path segment (no `#`, no `:`). */
const tournamentChannel = new RegExp(`^${PublicChannelFamily.tournament}[A-Za-z0-9_-]{1,64}$`);

/**
 * Who may subscribe where (api-contract §14): a channel ending in `#{playerId}` only for the connection
 * of that player (`sub` of its token), and only in a known namespace; the public channels for anyone,
 * guests included. Everything else is refused, so an unknown namespace never becomes an open channel.
 */
export function maySubscribe(channel: string, user: string | null): boolean {
  const owner = channelOwner(channel);
  if (owner === null) return publicChannels.has(channel) || tournamentChannel.test(channel);
  if (!user || owner !== user) return false;
  const namespace = channel.slice(0, channel.length - owner.length - 1);
  return playerNamespaces.has(namespace) || tournamentChannel.test(namespace);
}
