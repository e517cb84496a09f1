// The live manifest as the services hold it: validated on every change, the last good state kept
// through a bad file, each bad state logged once; and written atomically.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../log/logger';
import { LiveManifest, parseLiveManifest, writeLiveManifest } from './remotes-manifest';

let dir: string;
let remotesDir: string;
let file: string;
let logged: { level: number; msg: string }[];
const saved = process.env.REMOTES_MANIFEST;

function publish(pkg: string, version: string, declared = version) {
  const target = path.join(remotesDir, pkg, version);
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(
    path.join(target, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: declared } } }),
  );
}

function live() {
  const logger = createLogger('info', {
    destination: new Writable({
      write(chunk, _enc, done) {
        logged.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  });
  return new LiveManifest({ source: file, remotesDir, logger });
}

beforeEach(() => {
  delete process.env.REMOTES_MANIFEST;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-live-'));
  remotesDir = path.join(dir, 'remotes');
  file = path.join(dir, 'remotes.json');
  logged = [];
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.REMOTES_MANIFEST;
  else process.env.REMOTES_MANIFEST = saved;
});

it('with no file, every remote loads its current build and nothing is wrong', () => {
  const state = live().read();
  expect(state.problem).toBeNull();
  expect(state.pinned).toEqual({});
  expect(state.remotes.mfe_quiz).toBe('/remotes/mfe-quiz/mf-manifest.json');
});

it('serves the last good manifest through a bad file and logs each bad state once, as an error', () => {
  publish('mfe-quiz', '1.0.0');
  const manifest = live();
  writeLiveManifest(file, { mfe_quiz: '1.0.0' });
  expect(manifest.read()).toMatchObject({ problem: null, pinned: { mfe_quiz: '1.0.0' } });

  fs.writeFileSync(file, '{"mfe_quiz": "1.0.0",}'); // a trailing comma
  for (let i = 0; i < 3; i++) {
    const state = manifest.read();
    expect(state.remotes.mfe_quiz).toBe('/remotes/mfe-quiz/1.0.0/mf-manifest.json');
    expect(state.problem).toMatch(/could not be read as JSON.*keeping the last good manifest/);
  }
  fs.writeFileSync(file, '{"mfe_quiz": "2.0.0"}'); // never published
  expect(manifest.read().problem).toMatch(/mfe-quiz 2\.0\.0 is not published.*Published versions: 1\.0\.0/);
  expect(manifest.read().remotes.mfe_quiz).toBe('/remotes/mfe-quiz/1.0.0/mf-manifest.json');
  const errors = logged.filter((l) => l.level === 50).map((l) => l.msg);
  expect(errors).toEqual([
    expect.stringMatching(/as JSON/),
    expect.stringMatching(/2\.0\.0 is not published/),
  ]);

  publish('mfe-quiz', '2.0.0'); // published after all: the same file is good now
  expect(manifest.read()).toMatchObject({ problem: null, pinned: { mfe_quiz: '2.0.0' } });
  expect(logged.at(-1)?.msg).toMatch(/valid again/);
});

it('refuses a version whose manifest does not load or is of another version', () => {
  publish('mfe-quiz', '1.0.0', '0.9.0');
  expect(parseLiveManifest('{"mfe_quiz":"1.0.0"}', remotesDir)).toMatchObject({
    ok: false,
    message: expect.stringMatching(/says it is version 0\.9\.0/),
  });
  fs.writeFileSync(path.join(remotesDir, 'mfe-quiz', '1.0.0', 'mf-manifest.json'), '{');
  expect(parseLiveManifest('{"mfe_quiz":"1.0.0"}', remotesDir)).toMatchObject({
    ok: false,
    message: expect.stringMatching(/mf-manifest\.json does not load/),
  });
  // URLs are not checked on disk; names and values must have the contract's shape.
  expect(parseLiveManifest('{"mfe_quiz":"http://localhost:3101/mf-manifest.json"}', remotesDir).ok).toBe(
    true,
  );
  expect(parseLiveManifest('{"quiz":"/x/mf-manifest.json"}', remotesDir).ok).toBe(false);
  expect(parseLiveManifest('{"mfe_quiz":"javascript:alert(1)"}', remotesDir).ok).toBe(false);
});

it('before any good file, a bad one leaves every remote on its current build', () => {
  fs.writeFileSync(file, 'nope');
  const state = live().read();
  expect(state.remotes.mfe_quiz).toBe('/remotes/mfe-quiz/mf-manifest.json');
  expect(state.problem).toMatch(/serving each remote from its current build/);
});

it('writes atomically: the file is replaced whole and no temporary file is left', () => {
  writeLiveManifest(file, { mfe_quiz: '1.0.0' });
  const before = fs.statSync(file).ino;
  writeLiveManifest(file, { mfe_quiz: '1.1.0', mfe_demo: '0.2.0' });
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ mfe_quiz: '1.1.0', mfe_demo: '0.2.0' });
  expect(fs.statSync(file).ino).not.toBe(before); // a new file renamed into place, not an edit
  expect(fs.readdirSync(dir)).toEqual(['remotes.json']);
});
