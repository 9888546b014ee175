import { addressProblem, inRanges } from './public-address.js';

describe('addressProblem', () => {
  it.each([
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['10.0.0.1', 'a private network address'],
    ['172.16.0.1', 'a private network address'],
    ['172.31.255.254', 'a private network address'],
    ['192.168.1.1', 'a private network address'],
    ['169.254.169.254', 'a link-local address (where cloud metadata services live)'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['192.0.0.8', 'a reserved or documentation address'],
    ['192.0.2.1', 'a reserved or documentation address'],
    ['198.18.0.1', 'a reserved or documentation address'],
    ['198.51.100.7', 'a reserved or documentation address'],
    ['203.0.113.9', 'a reserved or documentation address'],
    ['240.0.0.1', 'a reserved or documentation address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['fc00::1', 'a private network address'],
    ['fd12:3456::1', 'a private network address'],
    ['fe80::1', 'a link-local address (where cloud metadata services live)'],
    ['fe80::1%eth0', 'a link-local address (where cloud metadata services live)'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a reserved or documentation address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:169.254.169.254', 'a link-local address (where cloud metadata services live)'],
    ['::ffff:10.0.0.1', 'a private network address'],
    ['64:ff9b::7f00:1', 'a loopback address'],
    ['64:ff9b::10.0.0.1', 'a private network address'],
    ['64:ff9b::169.254.169.254', 'a link-local address (where cloud metadata services live)'],
    ['64:ff9b:1::a00:1', 'a special-purpose address (rfc6052)'],
    ['::7f00:1', 'an unassigned address'],
    ['2002:7f00:1::1', 'a special-purpose address (6to4)'],
    ['2001::1', 'a special-purpose address (teredo)'],
    ['100::1', 'a special-purpose address (discard)'],
    ['example.com', 'not an IP address'],
  ])('refuses %s: %s', (ip, problem) => {
    expect(addressProblem(ip)).toBe(problem);
  });

  it.each(['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '64:ff9b::808:808'])(
    'lets the public address %s through',
    (ip) => {
      expect(addressProblem(ip)).toBeNull();
    },
  );
});

describe('inRanges', () => {
  it('matches addresses and CIDR ranges of the same family, IPv4-mapped addresses as IPv4', () => {
    expect(inRanges('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(inRanges('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(inRanges('127.0.0.2', ['127.0.0.0/8'])).toBe(true);
    expect(inRanges('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(inRanges('::1', ['127.0.0.0/8'])).toBe(false);
    expect(inRanges('::1', ['::1'])).toBe(true);
    expect(inRanges('10.0.0.1', ['0.0.0.0/0', '::/0'])).toBe(true);
    expect(inRanges('10.0.0.1', [])).toBe(false);
  });
});
