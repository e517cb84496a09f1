// Configuration of what the web layer serves and allows: the published remotes directory and the
// origins company logos may come from (the Content-Security-Policy's img-src).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../src/platform/config';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-config-web-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('web configuration', () => {
  it('publishes remotes under DATA_DIR/remotes unless REMOTES_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).remotesDir).toBe(path.join(dataDir, 'remotes'));
    expect(loadConfig({ DATA_DIR: dataDir, REMOTES_DIR: '/srv/remotes' }).remotesDir).toBe('/srv/remotes');
    expect(loadConfig({ DATA_DIR: dataDir, REMOTES_DIR: 'published' }).remotesDir).toBe(
      path.join(REPO_ROOT, 'published'),
    );
  });

  it('takes logo origins as a comma-separated list of http(s) URLs, keeping only their origins', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).logoOrigins).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir, LOGO_ORIGINS: 'https://cdn.example/logos/, http://img.example:8080' })
        .logoOrigins,
    ).toEqual(['https://cdn.example', 'http://img.example:8080']);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, LOGO_ORIGINS: 'https://ok.example,javascript:alert(1)' }),
    ).toThrow(/LOGO_ORIGINS: not an http\(s\) origin: javascript:alert\(1\)/);
    expect(() => loadConfig({ DATA_DIR: dataDir, LOGO_ORIGINS: "'unsafe-inline'" })).toThrow(/LOGO_ORIGINS/);
  });
});
