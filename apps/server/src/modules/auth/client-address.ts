import { isIPv6 } from 'node:net';

/** An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`), as a dual-stack listener reports it. */
const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** An IPv6 address's eight groups, `::` expanded, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const groups = (part: string) => (part ? part.split(':') : []);
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const full =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return full.map((g) => Number.parseInt(g, 16).toString(16));
}

/**
 * The client part of a throttling key: an IPv4 address, or an IPv6 address's /64, which one
 * subscriber usually holds whole and could otherwise rotate through.
 */
export function clientOf(ip: string): string {
  const mapped = MAPPED_IPV4.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/**
 * Where a session was signed in from, as its owner may see it: an IPv4 address's /24
 * (`203.0.113.*`) or an IPv6 address's /48, never the whole address.
 */
export function networkOf(ip: string): string {
  const v4 = MAPPED_IPV4.exec(ip)?.[1] ?? (isIPv6(ip) ? undefined : ip);
  if (v4 !== undefined) return /^\d+\.\d+\.\d+\.\d+$/.test(v4) ? `${v4.replace(/\.\d+$/, '')}.*` : '';
  return `${ipv6Groups(ip).slice(0, 3).join(':')}::/48`;
}
