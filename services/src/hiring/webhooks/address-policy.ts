// Which webhook URLs the services will POST to (no server-side request forgery). A company sets the
// URL, and the services then send requests to it from inside our network: without this rule a URL
// could reach this machine (loopback), the private network, or a cloud metadata endpoint
// (169.254.169.254). In production (WEBHOOK_ALLOW_PRIVATE_ADDRESSES unset) such addresses are
// refused; in development and tests they are allowed, so a receiver on loopback works.
//
// One rule for every form of address (addressRefusal): an IPv4 address must be public unicast; an
// IPv6 address must be global unicast (2000::/3) and must not carry a non-public IPv4 address in any
// of the forms that embed one: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d),
// NAT64 (64:ff9b::/96), 6to4 (2002::/16, bits 16-47) and Teredo (2001::/32: the server in bits
// 32-63, the client in the last 32 bits inverted). IPv4-compatible addresses (::a.b.c.d, deprecated)
// and the NAT64 local-use prefix 64:ff9b:1::/48 (a translator inside someone's own network) are
// refused whatever they carry. Addresses are parsed and classified with ipaddr.js after the WHATWG
// URL parser has put them in canonical form (ipaddr.js reads `::a.b.c.d` as IPv4-mapped).
//
// The rule is applied twice: when the URL is saved (the literal host and every address it resolves
// to, so the user gets a clear 400), and again on every delivery: the saved URL is checked again,
// and inside the socket's DNS lookup every address the name resolves to is judged, so the very
// address the connection is made to passes the rule (a name that resolved to a public address at
// save time and to a private one later, "DNS rebinding", is refused then).
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an IPv4 range is not a place to send to (ipaddr.js range names). */
const IPV4_RANGES: Record<string, string> = {
  unspecified: '"this network" (0.0.0.0/8)',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local (169.254.0.0/16, where cloud metadata services answer)',
  loopback: 'loopback',
  carrierGradeNat: 'shared address space (100.64.0.0/10, carrier-grade NAT)',
  private: 'private (RFC 1918)',
  reserved: 'reserved (documentation, benchmarking, protocol assignments or future use)',
  as112: 'reserved for AS112 DNS sinks',
  amt: 'reserved for multicast tunnelling relays',
};

/** Why an IPv6 range is not a place to send to, for the ranges refused whatever they carry. */
const IPV6_RANGES: Record<string, string> = {
  unspecified: 'the unspecified address (::)',
  loopback: 'loopback (::1)',
  linkLocal: 'link-local (fe80::/10)',
  multicast: 'multicast (ff00::/8)',
  uniqueLocal: 'unique local, a private network (fc00::/7)',
  deprecatedSiteLocal: 'site-local (fec0::/10)',
  discard: 'the discard prefix (100::/64)',
  benchmarking: 'reserved for benchmarking (2001:2::/48)',
  amt: 'reserved for multicast tunnelling relays (2001:3::/32)',
  as112v6: 'reserved for AS112 DNS sinks',
  deprecatedOrchid: 'an ORCHID identifier, not routable (2001:10::/28)',
  orchid2: 'an ORCHID identifier, not routable (2001:20::/28)',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID tag, not routable (2001:30::/28)',
  segmentRouting: 'reserved for segment routing (5f00::/16)',
  reserved: 'reserved (documentation or protocol assignments)',
};

const ipv4Of = (hi: number, lo: number) =>
  new ipaddr.IPv4([(hi >> 8) & 255, hi & 255, (lo >> 8) & 255, lo & 255]);

/** Why this IPv4 address is refused, or null when it is public unicast. */
function ipv4Refusal(v4: ipaddr.IPv4): string | null {
  const range = v4.range();
  return range === 'unicast' ? null : `${v4.toString()} is ${IPV4_RANGES[range] ?? range}`;
}

/** The refusal of an IPv6 address that carries `v4`: the carried address's, named as carried. */
function carried(form: string, v4: ipaddr.IPv4, as = 'carrying'): string | null {
  const why = ipv4Refusal(v4);
  return why && `it is ${form} ${as} ${why}`;
}

/** Why this IPv6 address is refused, or null when it is global unicast carrying nothing private. */
function ipv6Refusal(v6: ipaddr.IPv6): string | null {
  const w = v6.parts;
  const range = v6.range();
  switch (range) {
    case 'ipv4Mapped':
      return carried('IPv4-mapped (::ffff:0:0/96)', ipv4Of(w[6], w[7]));
    case 'rfc6145':
      return carried('IPv4-translated (::ffff:0:0:0/96)', ipv4Of(w[6], w[7]));
    case 'rfc6052':
      if (w[2] !== 0)
        return 'it is in the NAT64 local-use prefix 64:ff9b:1::/48, translated inside a private network';
      return carried('NAT64 (64:ff9b::/96)', ipv4Of(w[6], w[7]));
    case '6to4':
      return carried('6to4 (2002::/16)', ipv4Of(w[1], w[2]));
    case 'teredo':
      return (
        carried('Teredo (2001::/32)', ipv4Of(w[2], w[3]), 'with a server at') ??
        carried('Teredo (2001::/32)', ipv4Of(~w[6] & 0xffff, ~w[7] & 0xffff), 'with a client at')
      );
    case 'unicast':
      if ((w[0] & 0xe000) === 0x2000) return null; // 2000::/3, global unicast
      if (w.slice(0, 6).every((x) => x === 0))
        return `it is IPv4-compatible (::${ipv4Of(w[6], w[7]).toString()}), deprecated and not global unicast`;
      return 'it is not a global unicast address (2000::/3)';
    default:
      return `it is ${IPV6_RANGES[range] ?? range}`;
  }
}

/**
 * Why webhooks may not go to this address (a message for people), or null when they may. Anything
 * that is not an IP address (a host name, a malformed address) is refused: never a place to send to.
 */
export function addressRefusal(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return ipv4Refusal(ipaddr.IPv4.parse(bare));
  if (!net.isIPv6(bare)) return `${bare} is not an IP address`;
  // A zone (fe80::1%eth0) only scopes link-local and multicast addresses to one interface.
  if (bare.includes('%')) return `${bare} is scoped to a network interface (link-local)`;
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const why = ipv6Refusal(ipaddr.IPv6.parse(canonical));
  return why && `${canonical} is refused: ${why}`;
}

/** True for an address on the loopback, private, link-local or any other non-public range. */
export function isPrivateAddress(ip: string): boolean {
  return addressRefusal(ip) !== null;
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
  const refuse = (address: string, why: string) =>
    new WebhookUrlError(
      `The webhook URL points at ${address === host ? address : `${host} (${address})`}, a loopback or private address (${why}); ` +
        'only public internet addresses are allowed',
    );
  if (net.isIP(host)) {
    const why = addressRefusal(host);
    if (why) throw refuse(host, why);
    return;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw refuse(host, 'this machine');
  let addresses: string[];
  try {
    addresses = await (policy.resolve ?? systemResolve)(host);
  } catch {
    throw new WebhookUrlError(`The webhook host ${host} does not resolve to an address`);
  }
  if (addresses.length === 0)
    throw new WebhookUrlError(`The webhook host ${host} does not resolve to an address`);
  // Every address counts: the connection may be made to any of them.
  for (const address of addresses) {
    const why = addressRefusal(address);
    if (why) throw refuse(address, why);
  }
}

/**
 * A `lookup` for http.request that refuses private addresses at connection time (the second check,
 * against DNS rebinding). Only used when private addresses are not allowed.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as dns.LookupAddress[];
    // Every resolved address is judged, not only the first: the socket may try each in turn.
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const refused = new Error(
        `${hostname} resolved to ${bad.address}, a loopback or private address (${addressRefusal(bad.address)}): not connecting`,
      ) as NodeJS.ErrnoException;
      refused.code = 'EPRIVATEADDRESS';
      return callback(refused, '', 0);
    }
    if ((options as dns.LookupOptions).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};
