// Which webhook URLs the services will POST to (no server-side request forgery). A company sets the
// URL, and the services then send requests to it from inside our network: without this rule a URL
// could reach this machine (loopback), the private network, or a cloud metadata endpoint
// (169.254.169.254). In production (WEBHOOK_ALLOW_PRIVATE_ADDRESSES unset) such addresses are
// refused; in development and tests they are allowed, so a receiver on loopback works.
//
// The rule is applied twice: when the URL is saved (the literal host and every address it resolves
// to, so the user gets a clear 400), and again on every delivery, inside the socket's DNS lookup, on
// the very address the connection is made to (a name that resolved to a public address at save time
// and to a private one later, "DNS rebinding", is refused then).
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
// IPv4: "this network", private (RFC 1918), shared (CGNAT), loopback, link-local (metadata), IETF
// protocol assignments, documentation, 6to4 relay, benchmarking, multicast, reserved, broadcast.
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
// IPv6: unspecified, loopback, discard, documentation, unique local, link-local, site-local, multicast.
// IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses are checked by
// the IPv4 address they carry (below).
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped, NAT64 or 6to4), if any. */
function embeddedIPv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandIPv6(lower);
  if (!words) return null;
  const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const isMapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  const isNat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0);
  if (isMapped || isNat64) return toV4(words[6], words[7]);
  if (words[0] === 0x2002) return toV4(words[1], words[2]);
  return null;
}

/** '::1' -> [0,0,0,0,0,0,0,1]; null when not a plain IPv6 address. */
function expandIPv6(ip: string): number[] | null {
  if (!net.isIPv6(ip) || ip.includes('.') || ip.includes('%')) return null;
  const [head, tail] = ip.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = part(head);
  const t = part(tail);
  if (tail === undefined) return h.length === 8 ? h : null;
  return [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
}

/** True for an address on the loopback, private, link-local or other non-public ranges. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIPv4(bare);
    if (v4 && blocked.check(v4, 'ipv4')) return true;
    return blocked.check(bare.split('%')[0], 'ipv6');
  }
  return true; // not an address at all: never a place to send to
}

export class WebhookUrlError extends Error {}

export interface UrlPolicy {
  /** Loopback and private addresses allowed (development, tests, or asked for in production). */
  allowPrivate: boolean;
  /** Plain http refused (production): the events carry candidates' names and results. */
  requireHttps: boolean;
  /** Resolves a host name to its addresses (tests pass a fake; default: the system resolver). */
  resolve?: (host: string) => Promise<string[]>;
}

export const MAX_URL_LENGTH = 2048;

const systemResolve = async (host: string): Promise<string[]> =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Checks a webhook URL as the user typed it; returns it normalised, or throws WebhookUrlError with a
 * message fit for a 400.
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<string> {
  const text = raw.trim();
  if (!text) throw new WebhookUrlError('The webhook URL is empty');
  if (text.length > MAX_URL_LENGTH)
    throw new WebhookUrlError(`The webhook URL is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookUrlError(
      `'${text}' is not a URL (it should look like https://ats.example.com/skillquiz)`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookUrlError(`The webhook URL must start with https:// (not ${url.protocol})`);
  if (policy.requireHttps && url.protocol !== 'https:')
    throw new WebhookUrlError(
      'The webhook URL must use https://: events carry candidates’ names and results',
    );
  if (url.username || url.password)
    throw new WebhookUrlError(
      'The webhook URL must not contain a user name or password; use the signing secret',
    );
  if (url.hash) throw new WebhookUrlError('The webhook URL must not contain a #fragment');
  await checkHost(url.hostname, policy);
  return url.href;
}

async function checkHost(hostname: string, policy: UrlPolicy): Promise<void> {
  if (policy.allowPrivate) return;
  const host = hostname.replace(/^\[|\]$/g, '');
  const refuse = (address: string) =>
    new WebhookUrlError(
      `The webhook URL points at ${address === host ? address : `${host} (${address})`}, a loopback or private address; ` +
        'only public internet addresses are allowed',
    );
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw refuse(host);
    return;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw refuse(host);
  let addresses: string[];
  try {
    addresses = await (policy.resolve ?? systemResolve)(host);
  } catch {
    throw new WebhookUrlError(`The webhook host ${host} does not resolve to an address`);
  }
  if (addresses.length === 0)
    throw new WebhookUrlError(`The webhook host ${host} does not resolve to an address`);
  const bad = addresses.find(isPrivateAddress);
  if (bad) throw refuse(bad);
}

/**
 * A `lookup` for http.request that refuses private addresses at connection time (the second check,
 * against DNS rebinding). Only used when private addresses are not allowed.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const refused = new Error(
        `${hostname} resolved to ${bad.address}, a loopback or private address: not connecting`,
      ) as NodeJS.ErrnoException;
      refused.code = 'EPRIVATEADDRESS';
      return callback(refused, '', 0);
    }
    if ((options as dns.LookupOptions).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};
