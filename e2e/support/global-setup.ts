// Two product instances for the whole run, started side by side: `shared`, which most files use, and
// `remotes`, which the files that point remotes away in the remotes manifest have to themselves (the
// project `remotes` in playwright.config.ts, one file at a time), so they run beside the others
// instead of after them. Tests read their product from the environment (support/test.ts): global
// setup puts the shared one's in the environment every worker inherits, and the remotes one's in
// SQ_REMOTES_PRODUCT_ENV for the `remotes` project's workers to take over. Each has its remotes
// manifest in a directory of this run (SQ_REMOTES_MANIFEST, see support/remotes.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ARTIFACTS_DIR } from './artifacts';
import { startProduct, type RunningProduct } from './product';

interface Started {
  product: RunningProduct;
  /** What support/test.ts reads: SQ_BASE_URL, SQ_DATA_DIR, SQ_REMOTES_MANIFEST, the dev logins. */
  env: Record<string, string>;
}

/** The dev sign-on prints its logins: "dev sign-on <who> login: <email> / <password>". */
const LOGINS = [
  ['admin', 'SQ_ADMIN'],
  ['recruiter', 'SQ_RECRUITER'],
  ['second-company recruiter', 'SQ_SECOND_RECRUITER'], // a recruiter of another company (hiring isolation)
] as const;

async function start(runDir: string, name: string): Promise<Started> {
  const manifest = path.join(runDir, `${name}-remotes.json`);
  fs.writeFileSync(manifest, '{}');
  const product = await startProduct({ REMOTES_MANIFEST: manifest });
  const env: Record<string, string> = {
    SQ_BASE_URL: product.baseURL,
    SQ_DATA_DIR: product.dataDir,
    SQ_REMOTES_MANIFEST: manifest,
  };
  if (product.demoLink) env.SQ_DEMO_LINK = product.demoLink;
  for (const [who, prefix] of LOGINS) {
    const login = new RegExp(`dev sign-on ${who} login: (\\S+) \\/ (\\S+)`).exec(product.output());
    if (login) {
      env[`${prefix}_EMAIL`] = login[1];
      env[`${prefix}_PASSWORD`] = login[2];
    }
  }
  return { product, env };
}

export default async function globalSetup(_config: FullConfig) {
  // Screenshots of this run only: a stale one from an earlier run must not pass for a new one.
  fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-e2e-run-'));
  const starts = await Promise.allSettled([start(runDir, 'shared'), start(runDir, 'remotes')]);
  const stopAll = async () => {
    for (const s of starts) if (s.status === 'fulfilled') await s.value.product.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  const failed = starts.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const [shared, remotes] = starts.map((s) => (s as PromiseFulfilledResult<Started>).value);
  Object.assign(process.env, shared.env);
  process.env.SQ_REMOTES_PRODUCT_ENV = JSON.stringify(remotes.env);
  // Returned function = global teardown.
  return stopAll;
}
