/**
 * @jest-environment node
 */
// The real services of the dev pages and app tests: seeded, tenancy by the signed-in role, a session
// only through signIn (an anonymous call is refused), and stop() removes the data.
import { createDevSession, loadConfig } from '../src';
import { startDevServices, type DevServices } from '../src/dev';

let services: DevServices;
beforeAll(async () => {
  services = await startDevServices({ seed: true });
}, 60_000);
afterAll(() => services?.stop());

const getJson = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${services.baseUrl}${path}`, {
    headers: { accept: 'application/json', ...headers },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

it('serves the seeded companies to their own recruiters only', async () => {
  const acme = await getJson('/api/hiring/me', await services.signIn('recruiter'));
  expect(acme.status).toBe(200);
  expect(JSON.stringify(acme.body)).toContain('Acme Robotics');
  const initech = await getJson('/api/hiring/me', await services.signIn('second-recruiter'));
  expect(initech.status).toBe(200);
  expect(JSON.stringify(initech.body)).toContain('Initech');
  expect(JSON.stringify(initech.body)).not.toContain('Acme Robotics');
});

it('refuses a caller without a session', async () => {
  expect((await getJson('/api/hiring/me')).status).toBe(401);
});

it('accepts a write with the session CSRF token and refuses it without', async () => {
  const { cookie, 'x-csrf-token': csrf } = await services.signIn('recruiter');
  const post = (headers: Record<string, string>) =>
    fetch(`${services.baseUrl}/api/hiring/invitations/000000000000000000000000/revoke`, {
      method: 'POST',
      headers: { accept: 'application/json', cookie, ...headers },
    });
  expect((await post({})).status).toBe(403);
  expect((await post({ 'x-csrf-token': csrf })).status).toBe(404);
});

it('is refused by a production configuration', async () => {
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
  await expect(
    createDevSession(config, { sub: 's', email: 'a@b.c', name: null, groups: [] }),
  ).rejects.toThrow(/refused in production/);
});
