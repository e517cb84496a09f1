// The test stack picks a free port before the services listen on it; another test file can take the
// port in between. The stack then starts again on another port rather than failing the file.
import net from 'node:net';
import { Browser, freePort, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';

// Two starts of the stack (database, sign-on, services), each a few seconds on a busy machine.
jest.setTimeout(120_000);

let taken: net.Server | undefined;
let env: AdminStack | undefined;

afterAll(async () => {
  await env?.stop();
  await new Promise<void>((resolve) => (taken ? taken.close(() => resolve()) : resolve()));
});

it('a port taken between picking and listening: the stack starts on the next port it picks', async () => {
  taken = net.createServer();
  await new Promise<void>((resolve) => taken!.listen(0, '127.0.0.1', () => resolve()));
  const busy = (taken.address() as net.AddressInfo).port;
  const picked: number[] = [];
  env = await startAdminStack({}, {}, async () => {
    const port = picked.length === 0 ? busy : await freePort();
    picked.push(port);
    return port;
  });
  expect(picked).toHaveLength(2);
  expect(picked[0]).toBe(busy);
  expect(env.baseUrl).toBe(`http://127.0.0.1:${picked[1]}`);
  const res = await fetch(`${env.baseUrl}/healthz`);
  expect(res.status).toBe(200);
  // The sign-on registered the callback on the port the services really use: a sign-in completes.
  const signedIn = await signIn(new Browser(), env.baseUrl, env.provider.admin);
  expect(signedIn.finalUrl).toBe(`${env.baseUrl}/admin/atoms`);
});
