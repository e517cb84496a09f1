// Rate limits key on the client address a client cannot choose: X-Forwarded-For is read only as
// far as TRUSTED_PROXY_COUNT proxies vouch for it. The services run as in production.
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../src/platform/config';
import { startStack, type Stack } from './helpers/stack';

jest.setTimeout(120_000);

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'proxy-test-session-secret-0123456789abcdef',
  PUBLIC_URL: 'https://quiz.example.test',
};

let stack: Stack;
beforeAll(async () => {
  stack = await startStack(PRODUCTION);
});
afterAll(async () => {
  await stack?.stop();
});

/** A random address in TEST-NET-3, as a client would forge it. */
const spoofed = () => `203.0.113.${randomBytes(1)[0]}`;

/** Looks up `n` unknown quiz tokens, each with the X-Forwarded-For `xff()` gives; the statuses. */
async function unknownLookups(n: number, xff: () => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const token = randomBytes(16).toString('base64url');
    const res = await fetch(`${stack.baseUrl}/api/quiz/${token}/`, { headers: { 'x-forwarded-for': xff() } });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUSTED_PROXY_COUNT', () => {
  it('unset (0): a forged X-Forwarded-For on every request does not escape the unknown-token limit', async () => {
    const statuses = await unknownLookups(25, spoofed);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
  });

  it('unset with an https PUBLIC_URL in production: the start warns the operator', () => {
    expect(stack.services.output.join('\n')).toMatch(/TRUSTED_PROXY_COUNT is 0 but PUBLIC_URL is https/);
  });

  it('1: the limit keys on the address our proxy appended, whatever the client put before it', async () => {
    await stack.restartServices({ ...PRODUCTION, TRUSTED_PROXY_COUNT: '1' });
    // Our proxy saw 198.51.100.7 and appended it; the client forged the entries before it.
    const statuses = await unknownLookups(25, () => `${spoofed()}, ${spoofed()}, 198.51.100.7`);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // Another client behind the same proxy has a budget of its own: the proxy-seen address counts.
    expect(await unknownLookups(3, () => `198.51.100.7, 198.51.100.8`)).toEqual([404, 404, 404]);
  });

  it('2: the address the outermost of two trusted proxies saw', async () => {
    await stack.restartServices({ ...PRODUCTION, TRUSTED_PROXY_COUNT: '2' });
    // client → proxy 1 (appends the client, 192.0.2.44) → proxy 2 (appends proxy 1) → services.
    const statuses = await unknownLookups(22, () => `${spoofed()}, 192.0.2.44, 10.0.0.2`);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('TRUSTED_PROXY_COUNT configuration', () => {
  it('defaults to 0 (production too) and refuses what is not a small whole number', () => {
    const base = { SESSION_SECRET: PRODUCTION.SESSION_SECRET };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).trustedProxyCount).toBe(0);
    expect(loadConfig({ ...base, TRUSTED_PROXY_COUNT: '2' }).trustedProxyCount).toBe(2);
    for (const bad of ['-1', '1.5', 'all', '11'])
      expect(() => loadConfig({ ...base, TRUSTED_PROXY_COUNT: bad })).toThrow(ConfigError);
  });
});
