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

/**
 * The data layer each remote has (README, "Data"): `query` remotes fetch through TanStack Query, with
 * `queryOptions` and `mutationOptions` factories side by side in src/api/queries.ts. A remote without
 * a backend (mfe-demo) has none. A new remote gets a row here.
 */
const DATA_LAYER: Record<string, 'query' | 'none'> = {
  'mfe-quiz': 'query',
  'mfe-demo': 'none',
  'mfe-admin-atoms': 'query',
  'mfe-admin-questions': 'query',
  'mfe-hiring': 'query',
};
/** A dev/ file longer than this is re-implementing the backend (the real services run behind dev pages). */
const DEV_FILE_MAX_LINES = 120;
/**
 * Remotes whose data layer is still plain functions (no TanStack Query yet); checked the same way.
 * Empty: every `query` remote has its factories. A remote moving over gets a row here until it does.
 */
const DATA_LAYER_PENDING = new Set<string>([]);

const read = (f: string) => fs.readFileSync(f, 'utf8');
const withoutComments = (src: string) =>
  src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

it('finds the remotes, each with a row in DATA_LAYER', () => {
  expect(remotes).toEqual(
    expect.arrayContaining(['mfe-quiz', 'mfe-demo', 'mfe-admin-atoms', 'mfe-admin-questions', 'mfe-hiring']),
  );
  expect(remotes.filter((r) => !(r in DATA_LAYER))).toEqual([]);
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

  it(`keeps every dev/ file under ${DEV_FILE_MAX_LINES} lines (no fake backend)`, () => {
    const long = sourceFiles(path.join(dir, 'dev'))
      .map((f) => ({ file: path.relative(ROOT, f), lines: read(f).split('\n').length }))
      .filter((f) => f.lines > DEV_FILE_MAX_LINES);
    expect(long.map((f) => f.file)).toEqual([]);
  });

  it('has no fake backend module in dev/ (dev pages and app tests run on the real services)', () => {
    const fakes = sourceFiles(path.join(dir, 'dev'))
      .filter((f) => /^fake/i.test(path.basename(f)))
      .map((f) => path.relative(ROOT, f));
    expect(fakes).toEqual([]);
  });

  it('api/ imports nothing from hooks/', () => {
    const offenders = sourceFiles(path.join(dir, 'src/api'))
      .filter((f) => /from '\.\.\/hooks\//.test(read(f)))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('model/ holds pure rules: no React, nothing from hooks/, components/ or pages/', () => {
    const offenders = sourceFiles(path.join(dir, 'src/model'))
      .filter((f) =>
        /from '(react|react-dom|@tanstack\/[^']+)'|from '\.\.\/(hooks|components|pages)\//.test(read(f)),
      )
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it("takes toast titles from the contracts' MESSAGES only", () => {
    const offenders = sourceFiles(path.join(dir, 'src'))
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .flatMap((f) => {
        const src = withoutComments(read(f));
        const found = [
          ...src.matchAll(/(?:errorToast|successToast)\s*:\s*\{[^}]*?title:\s*(?!MESSAGES\.)([^,}\s]+)/g),
          ...src.matchAll(/\b(?:showErrorToast|showSuccessToast|toast(?:\.\w+)?)\(\s*(['"`][^'"`]*)/g),
          ...src.matchAll(/\b(TOASTS)\s*=\s*\{/g),
        ];
        return found.map((m) => `${path.relative(ROOT, f)}: ${m[1]}`);
      });
    expect(offenders).toEqual([]);
  });

  if (DATA_LAYER[remote] === 'query' && DATA_LAYER_PENDING.has(remote)) {
    it('is listed as pending only while it has no query factories', () => {
      const queriesFile = path.join(dir, 'src/api/queries.ts');
      const src = fs.existsSync(queriesFile) ? withoutComments(read(queriesFile)) : '';
      expect(/\bqueryOptions\(/.test(src) && /\bmutationOptions\(/.test(src)).toBe(false);
    });
  }

  if (DATA_LAYER[remote] === 'query' && !DATA_LAYER_PENDING.has(remote)) {
    const queriesFile = path.join(dir, 'src/api/queries.ts');

    it('has queryOptions and mutationOptions factories in src/api/queries.ts', () => {
      const src = fs.existsSync(queriesFile) ? withoutComments(read(queriesFile)) : '';
      expect(src).toMatch(/\bqueryOptions\(/);
      expect(src).toMatch(/\bmutationOptions\(/);
    });

    it('keeps its queries in that one module (no second *Queries.ts beside it)', () => {
      const others = sourceFiles(path.join(dir, 'src/api'))
        .filter((f) => /queries\.tsx?$/i.test(path.basename(f)) && f !== queriesFile)
        .map((f) => path.relative(ROOT, f));
      expect(others).toEqual([]);
    });

    it("passes the query's signal to every fetch", () => {
      const src = fs.existsSync(queriesFile) ? withoutComments(read(queriesFile)) : '';
      const queryFns = [...src.matchAll(/queryFn:\s*(async\s*)?\(([^)]*)\)\s*=>\s*([^\n]*)/g)];
      expect(queryFns.length).toBeGreaterThan(0);
      const withoutSignal = queryFns
        .filter(([, , params, body]) => !/\bsignal\b/.test(params) || !/\bsignal\b/.test(body))
        .map(([line]) => line.trim());
      expect(withoutSignal).toEqual([]);
    });
  }
});
