// The remotes manifest of the product a file runs against: a file (env REMOTES_MANIFEST) that the
// services read on every request, so a spec can point a remote away and back without starting a
// product of its own. Only files of the project `remotes` (playwright.config.ts) may change it: they
// have the `remotes` product (support/global-setup.ts) to themselves, one file at a time, and each
// puts it back with resetRemotes() in its afterAll, so the next file sees every remote again.
import fs from 'node:fs';

function manifestFile(): string {
  const file = process.env.SQ_REMOTES_MANIFEST;
  if (!file)
    throw new Error(
      'SQ_REMOTES_MANIFEST is not set: run the tests through playwright.config.ts (global setup)',
    );
  return file;
}

/** Remote name → its mf-manifest.json URL; remotes not named stay where `npm start` serves them. */
export function setRemotes(remotes: Record<string, string>): void {
  fs.writeFileSync(manifestFile(), JSON.stringify(remotes));
}

/** Every remote where `npm start` serves it. */
export function resetRemotes(): void {
  setRemotes({});
}
