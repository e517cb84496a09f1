// Configuration: defaults, validation errors that name the variable, production rules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, withBoundPort } from '../src/platform/config';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-config-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function errorMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected an error');
}

describe('loadConfig', () => {
  it('has development defaults', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      // Off unless DEMO_MODE_ALLOWED says otherwise, even outside production.
      demoModeAllowed: false,
      quizExpiryHours: 72,
      adminEmails: [],
    });
    expect(c.mongodbUri).toBeUndefined();
    expect(c.dataDir).toBe(dataDir);
  });

  it('keeps a generated dev session secret in DATA_DIR so restarts keep sessions', () => {
    const a = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const b = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b).toBe(a);
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(a);
  });

  it('names every bad variable', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, PORT: 'abc', MONGODB_URI: 'http://x', DEMO_MODE_ALLOWED: 'maybe' }),
    ).toThrow(ConfigError);
    const msg = errorMessage(() =>
      loadConfig({ DATA_DIR: dataDir, PORT: '70000', MONGODB_URI: 'http://x', DEMO_MODE_ALLOWED: 'maybe' }),
    );
    expect(msg).toMatch(/PORT/);
    expect(msg).toMatch(/MONGODB_URI/);
    expect(msg).toMatch(/DEMO_MODE_ALLOWED/);
  });

  it('requires SESSION_SECRET in production and turns demo mode off by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/SESSION_SECRET/);
    const c = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) });
    expect(c.demoModeAllowed).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'x'.repeat(40),
        DEMO_MODE_ALLOWED: 'true',
      }).demoModeAllowed,
    ).toBe(true);
  });

  it('demo mode is off unless DEMO_MODE_ALLOWED turns it on, whatever NODE_ENV is', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(loadConfig({ NODE_ENV, DATA_DIR: dataDir }).demoModeAllowed).toBe(false);
      expect(loadConfig({ NODE_ENV, DATA_DIR: dataDir, DEMO_MODE_ALLOWED: 'true' }).demoModeAllowed).toBe(
        true,
      );
    }
  });

  it('parses lists and overrides; empty values mean unset', () => {
    const c = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAILS: ' A@x.io, b@y.io ,,',
      QUESTION_TIME_LIMIT_SECONDS: '2.5',
      QUIZ_EXPIRY_HOURS: '1',
      PORT: '',
      PUBLIC_URL: 'https://quiz.example.com/',
    });
    expect(c.adminEmails).toEqual(['a@x.io', 'b@y.io']);
    expect(c.questionTimeLimitSeconds).toBe(2.5);
    expect(c.quizExpiryHours).toBe(1);
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('https://quiz.example.com');
  });

  it('follows the bound port only when PUBLIC_URL is derived', () => {
    expect(withBoundPort(loadConfig({ DATA_DIR: dataDir, PORT: '0' }), 4321).publicUrl).toBe(
      'http://localhost:4321',
    );
    expect(
      withBoundPort(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://q.example' }), 4321).publicUrl,
    ).toBe('https://q.example');
  });
});

describe('services start-up with bad configuration', () => {
  it('exits with a clear message and no stack trace', () => {
    const main = path.resolve(__dirname, '..', 'dist', 'main.js');
    const r = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Invalid configuration/);
    expect(r.stderr).toMatch(/PORT: /);
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });
});
