// The webhook address rule as a production start applies it, over HTTP with a real sign-in: the
// settings API refuses a URL whose host is any non-public address, in every form (the table in
// test/fixtures/address-forms.ts: IPv4, IPv4-compatible, IPv4-mapped and -translated, both NAT64
// prefixes, 6to4, Teredo), with a 400 that says why and nothing saved; public addresses in the same
// forms are accepted. Once with NODE_ENV=production, once with WEBHOOK_ALLOW_PRIVATE_ADDRESSES=false
// (the services restarted so; the recruiter signed in before).
import { MongoClient, type Db } from 'mongodb';
import { ADDRESS_FORMS } from './fixtures/address-forms';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { startReceiver, type TestReceiver } from './helpers/jobs';

jest.setTimeout(180_000);

let env: AdminStack;
let client: MongoClient;
let db: Db;
let recruiter: Browser;
let receiver: TestReceiver;

/** The table's literal addresses as a URL's host is written (IPv6 in brackets). */
const literalForms = ADDRESS_FORMS.filter(
  ([address]) => /^\[?[0-9a-f:.]+\]?$/i.test(address) && (address.includes(':') || /^\d/.test(address)),
).map(([address, refusal]): [string, RegExp | null] => [
  address.includes(':') && !address.startsWith('[') ? `[${address}]` : address,
  refusal,
]);

async function call(method: string, path: string, body?: unknown) {
  const res = await recruiter.fetch(`${env.baseUrl}${path}`, jsonCall(recruiter, env.baseUrl, method, body));
  return { status: res.status, body: (await res.json()) as any };
}

const companies = async () =>
  JSON.stringify(await db.collection('companies').find().sort({ _id: 1 }).toArray());

beforeAll(async () => {
  env = await startAdminStack();
  receiver = await startReceiver();
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
});
afterAll(async () => {
  await receiver?.stop();
  await client?.close();
  await env?.stop();
});

describe.each([
  ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ['WEBHOOK_ALLOW_PRIVATE_ADDRESSES=false', { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' }],
])('started with %s', (_name, extra) => {
  beforeAll(async () => {
    // Signed in first: in production the services refuse the dev sign-on (not https); the session
    // (kept in the database, signed with the same SESSION_SECRET) outlives the restart.
    await env.stack.restartServices(env.stack.env);
    recruiter = new Browser();
    await signIn(recruiter, env.baseUrl, env.provider.recruiter);
    await env.stack.restartServices({ ...env.stack.env, ...extra });
    expect((await call('GET', '/api/hiring/settings')).status).toBe(200);
  });

  it('the settings API refuses every non-public address form with a 400 that says why, and saves nothing', async () => {
    expect(literalForms.filter(([, refusal]) => refusal).length).toBeGreaterThan(40);
    const before = await companies();
    for (const [host, refusal] of literalForms) {
      if (!refusal) continue;
      const res = await call('PUT', '/api/hiring/settings/webhook', { url: `https://${host}/hook` });
      expect([host, res.status]).toEqual([host, 400]);
      expect([host, res.body.message]).toEqual([
        host,
        expect.stringMatching(/a loopback or private address/),
      ]);
      expect([host, res.body.message]).toEqual([host, expect.stringMatching(refusal)]);
    }
    expect(await companies()).toBe(before);
  });

  it('accepts a public address in every form that may carry one', async () => {
    for (const [host, refusal] of literalForms) {
      if (refusal) continue;
      const current = await call('GET', '/api/hiring/settings');
      const res = await call('PUT', '/api/hiring/settings/webhook', {
        url: `https://${host}/hook`,
        version: current.body.webhook.version,
      });
      expect([host, res.status]).toEqual([host, 200]);
      expect(res.body.webhook.url).toBe(new URL(`https://${host}/hook`).href);
    }
  });
});

describe('at delivery', () => {
  it('a URL saved while private addresses were allowed, in an IPv6 form carrying loopback, is refused and never called', async () => {
    // Development (allowed): the receiver on loopback, named by its IPv4-mapped address.
    await env.stack.restartServices(env.stack.env);
    recruiter = new Browser();
    await signIn(recruiter, env.baseUrl, env.provider.recruiter);
    const mapped = receiver.url.replace('127.0.0.1', '[::ffff:127.0.0.1]');
    const current = await call('GET', '/api/hiring/settings');
    const saved = await call('PUT', '/api/hiring/settings/webhook', {
      url: mapped,
      version: current.body.webhook.version,
    });
    expect(saved.status).toBe(200);
    const sent = receiver.requests.length;

    // The rule on: the same saved URL is refused when the event is delivered, and nothing is sent.
    await env.stack.restartServices({ ...env.stack.env, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
    const refused = await call('POST', '/api/hiring/settings/webhook/test');
    expect(refused.body.attempt).toMatchObject({ ok: false, status: null });
    expect(refused.body.attempt.error).toMatch(/^refused: .*a loopback or private address \(.*IPv4-mapped/);
    expect(receiver.requests.length).toBe(sent);
  });
});
