// jest globalSetup of a remote whose app tests run on the real services (test-services.ts): starts
// them once for the run and hands their address and a session per role to the test files. Needs the
// services built (`npx tsc -b services`; the root `npm test` builds first).
import { startDevServices, type DevRole, type DevServices } from './dev-services';
import { TEST_SERVICES_ENV, type TestServicesInfo } from './test-services';

const ROLES: DevRole[] = ['recruiter', 'second-recruiter', 'admin'];

/** jest.config.js `globals: { skillquizServicesEnv: { QUESTION_TIME_LIMIT_SECONDS: '135' } }`: extra services environment. */
export const SERVICES_ENV_GLOBAL = 'skillquizServicesEnv';

export default async function setup(
  _globalConfig: unknown,
  projectConfig?: { globals?: Record<string, unknown> },
): Promise<void> {
  const extra = (projectConfig?.globals?.[SERVICES_ENV_GLOBAL] ?? {}) as Record<string, string>;
  const services: DevServices = await startDevServices({
    seed: true,
    sampleCandidates: true,
    // agenda's lock timers (half a lock lifetime, never cleared) hold jest's process after the run:
    // short locks, as no job of these tests runs long.
    env: { JOBS_LOCK_LIFETIME_MS: '2000', ...extra },
  });
  const sessions = Object.fromEntries(
    await Promise.all(ROLES.map(async (r) => [r, await services.signIn(r)] as const)),
  ) as TestServicesInfo['sessions'];
  process.env[TEST_SERVICES_ENV] = JSON.stringify({ baseUrl: services.baseUrl, sessions });
  (globalThis as { __skillquizTestServices?: DevServices }).__skillquizTestServices = services;
}
