import ipaddr from 'ipaddr.js';

/**
 * Whether the server may connect to `address` on a user's behalf: global unicast only. Loopback,
 * private (10/8, 172.16/12, 192.168/16), CGNAT (100.64/10), link-local (169.254/16, where cloud
 * metadata lives; fe80::/10), unique-local (fc00::/7), unspecified (0.0.0.0, ::), multicast,
 * broadcast and reserved blocks are refused, and so are IPv6 forms that embed an IPv4 address
 * (::ffff:a.b.c.d is judged as that IPv4 address; NAT64, 6to4 and Teredo can reach anything).
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Whether `address` is this machine's loopback (127/8, ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
}
