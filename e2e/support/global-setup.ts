// One product instance for the whole run; tests read its address from SQ_BASE_URL (see support/test.ts).
// Its remotes manifest is a file in a directory of this run (SQ_REMOTES_MANIFEST, see support/remotes.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ARTIFACTS_DIR } from './artifacts';
import { startProduct } from './product';

export default async function globalSetup(_config: FullConfig) {
  // Screenshots of this run only: a stale one from an earlier run must not pass for a new one.
  fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-e2e-run-'));
  const manifest = path.join(runDir, 'remotes.json');
  fs.writeFileSync(manifest, '{}');
  let product;
  try {
    product = await startProduct({ REMOTES_MANIFEST: manifest });
  } catch (err) {
    fs.rmSync(runDir, { recursive: true, force: true });
    throw err;
  }
  process.env.SQ_BASE_URL = product.baseURL;
  process.env.SQ_DATA_DIR = product.dataDir;
  process.env.SQ_REMOTES_MANIFEST = manifest;
  if (product.demoLink) process.env.SQ_DEMO_LINK = product.demoLink;
  // The dev sign-on prints its admin login: "dev sign-on admin login: <email> / <password>".
  const login = /dev sign-on admin login: (\S+) \/ (\S+)/.exec(product.output());
  if (login) {
    process.env.SQ_ADMIN_EMAIL = login[1];
    process.env.SQ_ADMIN_PASSWORD = login[2];
  }
  // ...and the recruiters of the demo company and of the second company (issue 19).
  const recruiter = /dev sign-on recruiter login: (\S+) \/ (\S+)/.exec(product.output());
  if (recruiter) {
    process.env.SQ_RECRUITER_EMAIL = recruiter[1];
    process.env.SQ_RECRUITER_PASSWORD = recruiter[2];
  }
  const second = /dev sign-on second-company recruiter login: (\S+) \/ (\S+)/.exec(product.output());
  if (second) {
    process.env.SQ_SECOND_RECRUITER_EMAIL = second[1];
    process.env.SQ_SECOND_RECRUITER_PASSWORD = second[2];
  }
  // Returned function = global teardown.
  return async () => {
    await product.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
