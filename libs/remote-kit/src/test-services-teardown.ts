// jest globalTeardown beside test-services-setup.ts: stops the services it started.
import type { DevServices } from './dev-services';

export default async function teardown(): Promise<void> {
  await (globalThis as { __skillquizTestServices?: DevServices }).__skillquizTestServices?.stop();
}
