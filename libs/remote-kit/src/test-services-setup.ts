// jest globalSetup of a remote whose app tests run on the real services (test-services.ts): starts
// them once for the whole run (the services hold mongoose's one default connection, so one instance
// per process), shared by every project that asks, and hands their address and a session per role
// to the project's test files. The remote's jest.services.ts passes in how to start them
// (`startDevServices` of `@skillquiz/services/dev`: a library imports no app). Needs the services
// built (`npx tsc -b services`; `npm test` builds).
import fs from 'node:fs';
import path from 'node:path';
import {
  servicesFile,
  type DevRole,
  type DevServicesLike,
  type StartDevServices,
  type TestServicesInfo,
} from './test-services';

interface Shared {
  started: Promise<{ services: DevServicesLike; sessions: TestServicesInfo['sessions'] }>;
  /** Projects that set up and have not torn down yet. */
  users: Set<string>;
}
const g = globalThis as { __skillquizTestServices?: Shared };

const ROLES: DevRole[] = ['recruiter', 'second-recruiter', 'admin', 'second-admin'];

async function start(
  startDevServices: StartDevServices,
): Promise<{ services: DevServicesLike; sessions: TestServicesInfo['sessions'] }> {
  const services = await startDevServices({
    seed: true,
    sampleCandidates: true,
    // agenda's lock timers (half a lock lifetime, never cleared) hold jest's process after the run:
    // short locks, as no job of these tests runs long.
    env: { JOBS_LOCK_LIFETIME_MS: '2000' },
  });
  const sessions = Object.fromEntries(
    await Promise.all(ROLES.map(async (r) => [r, await services.signIn(r)] as const)),
  ) as TestServicesInfo['sessions'];
  return { services, sessions };
}

/** The shared services, stopped by the last project's teardown. */
export function shared(): Shared | undefined {
  return g.__skillquizTestServices;
}

/** The global setup of a project, starting the services with `startDevServices` (first project only). */
export function testServicesSetup(startDevServices: StartDevServices) {
  return async function setup(_globalConfig: unknown, projectConfig: { rootDir: string }): Promise<void> {
    g.__skillquizTestServices ??= { started: start(startDevServices), users: new Set() };
    g.__skillquizTestServices.users.add(projectConfig.rootDir);
    const { services, sessions } = await g.__skillquizTestServices.started;
    const info: TestServicesInfo = { rootDir: projectConfig.rootDir, baseUrl: services.baseUrl, sessions };
    const file = servicesFile(projectConfig.rootDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(info));
  };
}
