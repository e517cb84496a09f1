// The webhook URL rule (no server-side request forgery): which addresses are private, and how a URL
// is judged with private addresses refused (production) or allowed (development).
import {
  addressRefusal,
  checkWebhookUrl,
  isPrivateAddress,
  publicOnlyLookup,
  WebhookUrlError,
} from './address-policy';
import { ADDRESS_FORMS } from '../../../test/fixtures/address-forms';

it.each(ADDRESS_FORMS)('%s: %s', (address, refusal) => {
  const why = addressRefusal(address);
  if (refusal === null) expect(why).toBeNull();
  else expect(why).toMatch(refusal);
  expect(isPrivateAddress(address)).toBe(refusal !== null);
});

it('knows the loopback, private, link-local and other non-public ranges, in both IP versions', () => {
  for (const ip of [
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::abcd',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:c0a8:0101::1',
    '[::1]',
  ])
    expect([ip, isPrivateAddress(ip)]).toEqual([ip, true]);
  for (const ip of [
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:0808:0808::1',
  ])
    expect([ip, isPrivateAddress(ip)]).toEqual([ip, false]);
  expect(isPrivateAddress('example.com')).toBe(true); // not an address: never a target
});

const production = (resolve: (host: string) => Promise<string[]>) => ({
  allowPrivate: false,
  requireHttps: true,
  resolve,
});
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

it('in production: refuses private literals, names that resolve to private addresses, and plain http', async () => {
  const policy = production(resolvesTo('93.184.216.34'));
  await expect(checkWebhookUrl(' https://ats.example.com/hooks?x=1 ', policy)).resolves.toBe(
    'https://ats.example.com/hooks?x=1',
  );
  const refused = async (url: string, policyToUse = policy) => {
    const err = await checkWebhookUrl(url, policyToUse).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookUrlError);
    return (err as Error).message;
  };
  expect(await refused('https://127.0.0.1/x')).toMatch(/127\.0\.0\.1, a loopback or private address/);
  expect(await refused('https://[::1]:8443/x')).toMatch(/loopback or private/);
  expect(await refused('https://169.254.169.254/latest/meta-data')).toMatch(/loopback or private/);
  expect(await refused('https://localhost/x')).toMatch(/localhost, a loopback or private address/);
  expect(await refused('https://app.localhost/x')).toMatch(/loopback or private/);
  // The resolved address counts, not only the literal: a public-looking name pointing inside.
  expect(
    await refused('https://intranet.example.com/x', production(resolvesTo('93.184.216.34', '10.0.0.7'))),
  ).toBe(
    'The webhook URL points at intranet.example.com (10.0.0.7), a loopback or private address (10.0.0.7 is private (RFC 1918)); only public internet addresses are allowed',
  );
  // Every resolved address counts, in any form: one embedded loopback among public ones is refused.
  expect(
    await refused(
      'https://dual.example.com/x',
      production(resolvesTo('2606:4700:4700::1111', '93.184.216.34', '::ffff:0:7f00:1')),
    ),
  ).toMatch(/dual\.example\.com \(::ffff:0:7f00:1\), a loopback or private address \(.*IPv4-translated/);
  // The forms the URL parser accepts in brackets, each refused as a literal host.
  for (const [address, refusal] of ADDRESS_FORMS)
    if (refusal && /^\[?[0-9a-f:.]+\]?$/i.test(address) && address.includes(':')) {
      const host = address.startsWith('[') ? address : `[${address}]`;
      expect([host, await refused(`https://${host}/hook`)]).toEqual([
        host,
        expect.stringMatching(/a loopback or private address/),
      ]);
    }
  expect(
    await refused(
      'https://nowhere.example/x',
      production(async () => Promise.reject(new Error('ENOTFOUND'))),
    ),
  ).toMatch(/does not resolve/);
  expect(await refused('http://ats.example.com/x')).toMatch(/must use https/);
  expect(await refused('https://u:p@ats.example.com/x')).toMatch(/user name or password/);
  expect(await refused('javascript:alert(1)')).toMatch(/must start with https/);
  expect(await refused('ats.example.com/x')).toMatch(/is not a URL/);
  expect(await refused('')).toMatch(/empty/);
  expect(await refused(`https://ats.example.com/${'a'.repeat(2100)}`)).toMatch(/longer than 2048/);
});

it('in development: loopback and plain http are allowed (a receiver on this machine)', async () => {
  const dev = { allowPrivate: true, requireHttps: false, resolve: resolvesTo('127.0.0.1') };
  await expect(checkWebhookUrl('http://127.0.0.1:4000/hook', dev)).resolves.toBe(
    'http://127.0.0.1:4000/hook',
  );
  await expect(checkWebhookUrl('http://localhost:4000/hook', dev)).resolves.toBe(
    'http://localhost:4000/hook',
  );
});

it('refuses a private address at connection time too (a name that changed its answer since it was saved)', async () => {
  const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
    publicOnlyLookup('localhost', {}, (e) => resolve(e)),
  );
  expect(err?.code).toBe('EPRIVATEADDRESS');
  expect(err?.message).toMatch(/localhost resolved to (127\.0\.0\.1|::1), a loopback or private address/);
});
