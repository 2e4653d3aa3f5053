import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type AllowedCidr = [Address, number];

/** 2000::/3: the only IPv6 block that holds global unicast addresses. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Parses `OUTBOUND_ALLOWED_CIDRS` (comma-separated, e.g. `10.20.0.0/16,fd00::/8`). A bare address means
 * that single address. Throws on anything it cannot read: a typo must stop the start, not widen access.
 */
export function parseAllowedCidrs(text: string | undefined): AllowedCidr[] {
  if (!text || text.trim() === '') return [];
  return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry) => {
    try {
      if (entry.includes('/')) return canonicalCidr(ipaddr.parseCIDR(entry));
      const address = ipaddr.parse(entry);
      return canonicalCidr([address, address.kind() === 'ipv4' ? 32 : 128]);
    } catch {
      throw new Error(`OUTBOUND_ALLOWED_CIDRS: not an address or CIDR: ${entry}`);
    }
  });
}

/**
 * Why an address may not be called, or undefined when it may. Only global unicast passes: loopback,
 * private, carrier-grade NAT, link-local (metadata services), unspecified, multicast, broadcast,
 * reserved and documentation ranges, unique-local and site-local IPv6, and IPv6 forms that embed an
 * IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are refused unless an allowed CIDR holds them.
 * A mapped address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 */
export function addressRefusal(text: string, allowed: readonly AllowedCidr[] = []): string | undefined {
  if (!ipaddr.isValid(text)) return 'not an IP address';
  const address = ipaddr.process(text);
  if (allowed.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))) return undefined;
  const range = address.range();
  if (address.kind() === 'ipv6' && range === 'unicast' && !address.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return range === 'unicast' ? undefined : range;
}

/** The host of a URL as an address literal, or undefined for a name (`[::1]` → `::1`). */
export function addressLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : undefined;
}

/** Allow entries written as mapped IPv6 (`::ffff:10.0.0.0/104`) match the IPv4 addresses they denote. */
function canonicalCidr([address, bits]: [Address, number]): AllowedCidr {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [address, bits];
}
