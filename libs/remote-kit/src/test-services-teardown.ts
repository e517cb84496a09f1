// jest globalTeardown beside test-services-setup.ts: the last project to tear down stops the services.
import fs from 'node:fs';
import { shared } from './test-services-setup';
import { servicesFile } from './test-services';

export default async function teardown(
  _globalConfig: unknown,
  projectConfig: { rootDir: string },
): Promise<void> {
  fs.rmSync(servicesFile(projectConfig.rootDir), { force: true });
  const s = shared();
  if (!s) return;
  s.users.delete(projectConfig.rootDir);
  if (s.users.size === 0) await (await s.started).services.stop();
}
