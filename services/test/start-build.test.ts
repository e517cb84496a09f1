// The build step of `npm start` and `npm test` (scripts/build.js, `npm run build`) on a built
// checkout: run again with nothing changed, it changes no file under any dist/ (not its content,
// not its modification time, not its inode: nx's restore from its cache rewrote them all on every
// start, and a second start or `npm run invite` in the same checkout could read a half-written
// file); when one package's output was damaged, only that package is restored; an output only
// touched (same bytes) is not restored; a source file edited makes its package build again.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '..', '..');
/** A front end: nothing in the jest suites reads its dist/, so restoring it disturbs no other test. */
const DAMAGED_PACKAGE = 'mfe-demo';

function build(): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NX_TUI: 'false', FORCE_COLOR: '0' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every file under every package's dist/: size, modification time, inode and content hash. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else {
        const st = fs.statSync(file);
        const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
        files.set(path.relative(ROOT, file), `${st.size} ${st.mtimeMs} ${st.ino} ${hash}`);
      }
    }
  };
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const packages = workspaces.flatMap((w) =>
    w.endsWith('/*')
      ? fs.readdirSync(path.join(ROOT, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`)
      : [w],
  );
  for (const pkg of packages) {
    const dist = path.join(ROOT, pkg, 'dist');
    if (fs.existsSync(dist)) visit(dist);
  }
  return files;
}

const changed = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();

beforeAll(() => {
  // Built, and what it built recorded (npm test has built already; then this changes nothing).
  const first = build();
  if (first.status !== 0) throw new Error(`the build failed:\n${first.output}`);
});

it('a second build with nothing changed leaves every file under every dist/ as it was', () => {
  const before = snapshot();
  expect(before.size).toBeGreaterThan(500);
  for (const pkg of ['services', 'shell', 'mfe-quiz', 'libs/contracts'])
    expect([pkg, [...before.keys()].some((f) => f.startsWith(`${pkg}/dist/`))]).toEqual([pkg, true]);
  const again = build();
  expect(again.status).toBe(0);
  expect(again.output).toMatch(/\[build\] nothing changed since the last build/);
  expect(changed(before, snapshot())).toEqual([]);
});

it("a package whose output was damaged is restored alone; the others' outputs are not touched", () => {
  const before = snapshot();
  const victim = [...before.keys()].filter((f) => f.startsWith(`${DAMAGED_PACKAGE}/dist/`)).sort()[0];
  expect(victim).toBeDefined();
  fs.rmSync(path.join(ROOT, victim));
  const run = build();
  expect(run.status).toBe(0);
  const [, unchanged, all] =
    /\[build\] (\d+) of (\d+) packages unchanged, left as they are/.exec(run.output) ?? [];
  expect(Number(unchanged)).toBe(Number(all) - 1);
  const after = snapshot();
  // The damaged file is back, with the same content.
  expect(after.get(victim)?.split(' ')[3]).toBe(before.get(victim)!.split(' ')[3]);
  expect(changed(before, after).filter((f) => !f.startsWith(`${DAMAGED_PACKAGE}/dist/`))).toEqual([]);
  // And the build after that changes nothing again.
  const settled = snapshot();
  expect(build().output).toMatch(/nothing changed since the last build/);
  expect(changed(settled, snapshot())).toEqual([]);
});

it('an output only touched (a new modification time, the same bytes, as `tsc -b` does) is left alone', () => {
  const victim = [...snapshot().keys()].filter((f) => f.startsWith(`${DAMAGED_PACKAGE}/dist/`)).sort()[0];
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(ROOT, victim), later, later);
  const before = snapshot();
  const run = build();
  expect(run.status).toBe(0);
  expect(run.output).toMatch(/\[build\] nothing changed since the last build/);
  expect(changed(before, snapshot())).toEqual([]);
});

it('a package whose source file was edited is built again, alone', () => {
  const source = path.join(ROOT, DAMAGED_PACKAGE, 'src', 'index.ts');
  const original = fs.readFileSync(source, 'utf8');
  try {
    // The same files, one of them with other bytes: only a content hash can tell.
    fs.writeFileSync(source, `${original}\n// edited\n`);
    const run = build();
    expect(run.status).toBe(0);
    expect(run.output).toMatch(new RegExp(`\\[build\\] @skillquiz/${DAMAGED_PACKAGE}: its inputs changed`));
    const [, unchanged, all] =
      /\[build\] (\d+) of (\d+) packages unchanged, left as they are/.exec(run.output) ?? [];
    expect(Number(unchanged)).toBe(Number(all) - 1);
  } finally {
    fs.writeFileSync(source, original);
  }
  // Back as it was: built again, then settled.
  expect(build().output).toMatch(new RegExp(`@skillquiz/${DAMAGED_PACKAGE}: its inputs changed`));
  expect(build().output).toMatch(/nothing changed since the last build/);
});
