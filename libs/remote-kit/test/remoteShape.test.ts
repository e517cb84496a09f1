// The one shape of every remote (libs/remote-kit/README.md), checked on every `mfe-*` package of the
// repository, so a new remote (mfe-hiring, say) starts on it and an old one cannot drift from it.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const remotes = fs
  .readdirSync(ROOT)
  .filter((d) => d.startsWith('mfe-') && fs.existsSync(path.join(ROOT, d, 'package.json')));

const SCRIPTS = ['build', 'dev', 'test', 'typecheck'];
const FILES = [
  'package.json',
  'webpack.config.js',
  'README.md',
  'CHANGELOG.md',
  'jest.config.js',
  'tsconfig.json',
  'src/index.ts',
  'src/bootstrap.tsx',
  'dev/main.tsx',
];
const FOLDERS = ['src/pages', 'src/components', 'src/api', 'src/hooks', 'dev'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

it('finds the remotes', () => {
  expect(remotes).toEqual(
    expect.arrayContaining(['mfe-quiz', 'mfe-demo', 'mfe-admin-atoms', 'mfe-admin-questions', 'mfe-hiring']),
  );
});

describe.each(remotes)('%s', (remote) => {
  const dir = path.join(ROOT, remote);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

  it('has the scripts build, dev, test and typecheck', () => {
    expect(Object.keys(pkg.scripts ?? {})).toEqual(expect.arrayContaining(SCRIPTS));
    expect(pkg.scripts.dev).toMatch(/skillquiz-webpack serve/);
  });

  it('has the files and folders of the shape', () => {
    const missing = [...FILES, ...FOLDERS].filter((f) => !fs.existsSync(path.join(dir, f)));
    expect(missing).toEqual([]);
  });

  it('keeps the async boundary: src/index.ts only imports ./bootstrap', () => {
    const index = fs.readFileSync(path.join(dir, 'src/index.ts'), 'utf8');
    expect(index.replace(/\/\/.*$/gm, '').trim()).toBe("import('./bootstrap');");
  });

  it('type-checks its dev/ folder with its sources', () => {
    const tsconfig = fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8');
    expect(tsconfig).toMatch(/"dev"/);
  });

  it('tests hand fakes to the app: no jest.mock of modules, no Proxy', () => {
    const offenders = sourceFiles(path.join(dir, 'src'))
      .filter((f) => /\.test\.tsx?$/.test(f))
      .filter((f) => /jest\.mock\(|new Proxy\(/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('production code never imports the dev harness', () => {
    const offenders = sourceFiles(path.join(dir, 'src'))
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .filter((f) =>
        /@skillquiz\/remote-kit\/dev|from '\.\.\/(\.\.\/)?dev\//.test(fs.readFileSync(f, 'utf8')),
      )
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
