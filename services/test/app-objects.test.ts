// Two apps in one process share none of their objects (the tests start several, a bench may too):
// each createApp makes its own outage monitor, job queue, sign-on client and caches, or takes the
// ones its composition root hands it. Seen over HTTP through the outage monitor: one app finding
// the database down refuses its candidate calls with 503, the other app does not.
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import { createApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/log/logger';

let dataDir: string;
const servers: Server[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-app-objects-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function newApp(): Koa {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
  return createApp({ config, logger: createLogger('silent'), web: null });
}

async function listen(app: Koa): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('two apps in one process', () => {
  it('each has its own outage monitor, job queue, sign-on client, caches, metrics and events', () => {
    const [a, b] = [newApp(), newApp()];
    for (const key of ['outages', 'jobs', 'signOn', 'metrics', 'readiness', 'events'] as const)
      expect({ key, shared: a.context[key] === b.context[key] }).toEqual({ key, shared: false });
    expect(a.context.caches.statistics).not.toBe(b.context.caches.statistics);
    expect(a.context.caches.timeModels).not.toBe(b.context.caches.timeModels);
  });

  it("an outage one app found does not refuse the other app's candidate calls", async () => {
    const [a, b] = [newApp(), newApp()];
    const [urlA, urlB] = await Promise.all([listen(a), listen(b)]);
    a.context.outages.markDown();
    // A candidate path no router answers: refused with 503 while this app knows of an outage,
    // else the API's JSON 404, without touching the database.
    const call = (url: string) =>
      fetch(`${url}/api/quiz/${'t'.repeat(32)}/no-such-call`, { method: 'DELETE' });
    const [fromA, fromB] = await Promise.all([call(urlA), call(urlB)]);
    expect(fromA.status).toBe(503);
    expect(fromA.headers.get('retry-after')).toBe('3');
    expect(fromB.status).toBe(404);
  });
});
