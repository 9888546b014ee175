import ipaddr from 'ipaddr.js';

/** Why an address may not be fetched from, in words an import report or a delivery log can show. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (where cloud metadata services live)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  reserved: 'a reserved or documentation address',
  benchmarking: 'a benchmarking address',
};

// Global unicast space: everything outside it (IPv4-compatible ::a.b.c.d, 4000::/3, …) is unassigned or special,
// though ipaddr.js calls some of it "unicast".
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
// RFC 6052's well-known NAT64 prefix: a public IPv4 address behind it is public (DNS64 networks answer such),
// a private one is not. The local-use 64:ff9b:1::/48 stays refused: it is a site's own translator.
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** `[::1]` as URLs write it; a zone (`fe80::1%eth0`) names an interface, not another address. */
function bareAddress(ip: string): string {
  return ip.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
}

function v4Problem(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : (RANGE_WORDS[range] ?? `a special-purpose address (${range})`);
}

/**
 * Null when `ip` (a literal IPv4 or IPv6 address) is a public unicast address that may be fetched from; otherwise
 * what it is. Addresses that carry an IPv4 address (IPv4-mapped, NAT64) are judged by that address.
 */
export function addressProblem(ip: string): string | null {
  const bare = bareAddress(ip);
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  const address = ipaddr.process(bare);
  if (address.kind() === 'ipv4') return v4Problem(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  if (v6.match(NAT64_WELL_KNOWN)) {
    return v4Problem(new ipaddr.IPv4(v6.toByteArray().slice(12)));
  }
  const range = v6.range();
  if (range !== 'unicast') return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
  if (!v6.match(GLOBAL_UNICAST_V6)) return 'an unassigned address';
  return null;
}

/** Whether `ip` lies in one of `ranges` (addresses or CIDR ranges, as IMPORT_ALLOW_PRIVATE_HOSTS lists them). */
export function inRanges(ip: string, ranges: readonly string[]): boolean {
  const address = ipaddr.process(bareAddress(ip));
  return ranges.some((range) => {
    const [base, bits] = range.includes('/') ? ipaddr.parseCIDR(range) : [ipaddr.parse(range), -1];
    if (base.kind() !== address.kind()) return false;
    return address.match(base, bits < 0 ? (base.kind() === 'ipv4' ? 32 : 128) : bits);
  });
}
