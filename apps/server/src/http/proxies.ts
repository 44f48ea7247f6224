import { BlockList, isIP } from 'node:net';

/** What "loopback" means in TRUSTED_PROXIES' default (the demo start and development). */
export const LOOPBACK = ['127.0.0.0/8', '::1/128'] as const;

const parse = (entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null => {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
};

/** An address or CIDR TRUSTED_PROXIES accepts. */
export const isCidr = (entry: string): boolean => parse(entry) !== null;

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is matched as 1.2.3.4. */
const unmapped = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/** Whether a socket peer is one of the proxies whose forwarding headers are believed. */
export function proxyMatcher(entries: readonly string[]): (peer: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const cidr = parse(entry);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  if (entries.length === 0) return () => false;
  return (peer) => {
    if (!peer) return false;
    const address = unmapped(peer);
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}
