// First-run seeding of the demo bank. Filled in once the models and ./content land.
import type { Logger } from '../http/logger';

export interface SeedResult {
  seeded: boolean;
}

export async function seedIfEmpty(_logger: Logger): Promise<SeedResult> {
  return { seeded: false };
}
