import { BlockList, isIP } from 'node:net';

/** `::ffff:10.1.2.3` (an IPv4 client on a dual-stack socket) is the IPv4 address 10.1.2.3. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as the allow-list compares it, with its family; undefined when it is not an IP address. */
export function normalizeIp(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const mapped = MAPPED_IPV4.exec(ip)?.[1];
  const address = mapped ?? ip;
  const version = isIP(address);
  if (version === 0) return undefined;
  return { address, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * The entries (addresses and CIDR ranges, already validated) as a `net.BlockList`, which does the range arithmetic.
 * An IPv4 entry also matches the same address written as `::ffff:a.b.c.d`.
 */
export function buildAllowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [base, prefix] = entry.split('/');
    const ip = normalizeIp(base);
    if (!ip) continue;
    if (prefix === undefined) list.addAddress(ip.address, ip.family);
    else list.addSubnet(ip.address, Number(prefix), ip.family);
  }
  return list;
}

/** Whether `ip` is inside the list (an empty list allows nobody; callers skip enforcement then). */
export function isAllowed(list: BlockList, ip: string): boolean {
  const normalized = normalizeIp(ip);
  return normalized !== undefined && list.check(normalized.address, normalized.family);
}

/** Whether `ip` falls in one of `entries`. */
export function entriesAllow(entries: string[], ip: string): boolean {
  return isAllowed(buildAllowList(entries), ip);
}
