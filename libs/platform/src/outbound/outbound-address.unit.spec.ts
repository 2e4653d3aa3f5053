import { OutboundClient, OutboundError } from './outbound-client';
import { addressRefusal, parseAllowedCidrs } from './outbound-address';
import { OUTBOUND_DEFAULTS } from './outbound-config';

describe('outbound address rules', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'], ['172.16.5.4', 'private'], ['172.31.255.255', 'private'], ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'], ['100.127.255.255', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'], ['169.254.0.1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'], ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'], ['239.255.255.250', 'multicast'], ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'], ['192.0.2.10', 'reserved'], ['198.18.0.1', 'reserved'], ['192.0.0.8', 'reserved'],
    ['::1', 'loopback'], ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'], ['fc00::1', 'uniqueLocal'], ['fd12:3456::1', 'uniqueLocal'], ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'], ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:10.1.2.3', 'private'], ['0:0:0:0:0:ffff:c0a8:0101', 'private'], ['::ffff:0.0.0.0', 'unspecified'],
    ['::127.0.0.1', 'loopback'], ['::10.0.0.1', 'private'], ['64:ff9b::7f00:1', 'rfc6052'], ['2002:7f00:1::', '6to4'], ['2001:0::1', 'teredo'],
  ])('given %s, it is refused as %s', (address, range) => {
    expect(addressRefusal(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8'])(
    'given the public address %s, it passes', (address) => {
      expect(addressRefusal(address)).toBeUndefined();
    });

  it('given an allowlist, only addresses inside it pass, in either notation', () => {
    const allowed = parseAllowedCidrs(' 127.0.0.0/8 , fd00::/8,10.1.2.3,::ffff:192.168.0.0/112');
    expect(addressRefusal('127.0.0.1', allowed)).toBeUndefined();
    expect(addressRefusal('::ffff:127.0.0.1', allowed)).toBeUndefined();
    expect(addressRefusal('fd00::5', allowed)).toBeUndefined();
    expect(addressRefusal('10.1.2.3', allowed)).toBeUndefined();
    expect(addressRefusal('192.168.7.7', allowed)).toBeUndefined();
    expect(addressRefusal('10.1.2.4', allowed)).toBe('private');
    expect(addressRefusal('::1', allowed)).toBe('loopback');
    expect(addressRefusal('169.254.169.254', allowed)).toBe('linkLocal');
  });

  it('given a malformed allowlist entry, start-up fails rather than allowing more', () => {
    expect(() => parseAllowedCidrs('10.0.0.0/8,nonsense')).toThrow('OUTBOUND_ALLOWED_CIDRS: not an address or CIDR: nonsense');
    expect(() => parseAllowedCidrs('10.0.0.0/33')).toThrow('not an address or CIDR');
    expect(parseAllowedCidrs('')).toEqual([]);
  });
});

describe('outbound URL checks (no network: a name lookup would fail the test)', () => {
  const client = new OutboundClient({
    config: { ...OUTBOUND_DEFAULTS, allowedCidrs: [] },
    resolver: async (hostname) => { throw new Error(`unexpected lookup of ${hostname}`); },
  });
  const failureOf = (url: string) => client.check(url).then(() => 'allowed', (error: OutboundError) => `${error.failure}: ${error.message}`);

  it.each([
    ['http://2130706433/', 'loopback'], ['http://0x7f000001/', 'loopback'], ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.1/', 'loopback'], ['http://127.1/', 'loopback'], ['https://017700000001:8443/x', 'loopback'],
    ['http://0xa9.0xfe.0xa9.0xfe/latest/meta-data/', 'linkLocal'], ['http://2852039166/', 'linkLocal'],
    ['http://012.0.0.1/', 'private'], ['http://0/', 'unspecified'],
    ['http://[::1]/', 'loopback'], ['http://[::ffff:127.0.0.1]/', 'loopback'], ['http://[::ffff:7f00:1]:80/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'linkLocal'], ['http://[fe80::1%25eth0]/', 'url_invalid'], ['http://[fd00::1]/', 'uniqueLocal'],
  ])('given %s, it is refused (%s)', async (url, why) => {
    expect(await failureOf(url)).toContain(why);
  });

  it.each([
    ['ftp://example.com/', 'Only http and https'], ['file:///etc/passwd', 'Only http and https'], ['gopher://x/', 'Only http and https'],
    ['http://user:pw@8.8.8.8/', 'must not carry credentials'], ['not a url', 'Not an absolute URL'], ['/relative', 'Not an absolute URL'],
  ])('given %s, it is refused as an invalid URL', async (url, why) => {
    const failure = await failureOf(url);
    expect(failure.startsWith('url_invalid: ')).toBe(true);
    expect(failure).toContain(why);
  });

  it('given a URL longer than 2048 characters, it is refused', async () => {
    expect(await failureOf(`https://8.8.8.8/${'a'.repeat(2048)}`)).toBe('url_invalid: The URL is longer than 2048 characters');
  });

  it('given a public literal, it passes and pins that address', async () => {
    await expect(client.check('https://8.8.8.8:8443/book')).resolves.toMatchObject({ address: '8.8.8.8', family: 4 });
    await expect(client.check('http://[2606:4700::1111]/')).resolves.toMatchObject({ address: '2606:4700::1111', family: 6 });
  });
});
