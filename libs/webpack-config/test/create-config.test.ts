// The factory's rules every front end relies on, checked on the configuration it returns (no build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createConfig } = require('../index.js') as typeof import('../index.js');

/** The webpack configuration as plain data (its typings make every field optional). */
type Config = { output: Record<string, unknown>; plugins: object[]; devtool: unknown };

const build = (dir: string, mode: string) =>
  createConfig({ name: 'mfe_x', dir, exposes: { './X': './src/X.tsx' } })({}, { mode }) as unknown as Config;
const plugins = (config: Config, name: string) => config.plugins.filter((p) => p.constructor.name === name);

/** An app folder with a package.json declaring `deps`, inside the repository so its imports resolve. */
function app(deps: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(__dirname, '.app-'));
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'x', version: '1.2.3', dependencies: deps }),
  );
  return dir;
}

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  dirs = [];
});

it('a remote must expose a module', () => {
  expect(() => createConfig({ name: 'mfe_x', dir: os.tmpdir() })).toThrow(/must expose at least one module/);
});

it('remotes share the singletons they use, load-first, with content-hashed names in production', () => {
  const dir = app({ react: '19.3.1', 'react-dom': '19.3.1', 'react-router-dom': '7.18.5' });
  dirs.push(dir);
  const config = build(dir, 'production');
  expect(config.output.publicPath).toBe('auto');
  expect(config.output.filename).toBe('[name].[contenthash].js');
  const federation = (plugins(config, 'ModuleFederationPlugin')[0] as { _options: Record<string, unknown> })
    ._options;
  expect(federation.shareStrategy).toBe('loaded-first');
  expect(federation.dts).toBe(false);
  // toastify and TanStack Query are not shared by an app that does not use them; the JSX runtime
  // (stateless) is bundled, not shared. react-router is no share of its own: react-router-dom's
  // share (our file) holds it.
  const shared = federation.shared as Record<
    string,
    { singleton: boolean; import?: string; version?: string }
  >;
  expect(Object.keys(shared).sort()).toEqual(['react', 'react-dom', 'react-router-dom']);
  expect(shared.react.singleton).toBe(true);
  expect(shared['react-router-dom']).toMatchObject({
    singleton: true,
    import: path.join(__dirname, '..', 'shared', 'react-router-dom.mjs'),
    version: (
      JSON.parse(fs.readFileSync(require.resolve('react-router-dom/package.json'), 'utf8')) as {
        version: string;
      }
    ).version,
  });
  // The pages run in browsers only: the runtime's Node loaders are left out.
  expect(federation.experiments).toMatchObject({ externalRuntime: true, optimization: { target: 'web' } });
  // Precompressed siblings in production only; never an eval devtool (the policy refuses eval).
  expect(plugins(config, 'CompressionPlugin')).toHaveLength(2);
  const dev = build(dir, 'development');
  expect(plugins(dev, 'CompressionPlugin')).toHaveLength(0);
  expect(String(dev.devtool)).not.toMatch(/eval/);
});

/** The names a `export { ... } from '<from>'` block of a share file lists. */
function exportedBy(share: string, from: string): string[] {
  const block = new RegExp(`export \\{([^}]*)\\} from '${from}'`).exec(share);
  return (block?.[1] ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

const repo = path.resolve(__dirname, '..', '..', '..');

/** Every value (not type) a front end's source, dev page or library imports from `pkg`. */
function importedNames(pkg: string): Map<string, string> {
  const names = new Map<string, string>();
  const roots = fs
    .readdirSync(repo)
    .filter((d) => d === 'shell' || d.startsWith('mfe-'))
    .flatMap((d) => ['src', 'dev'].map((sub) => path.join(repo, d, sub)))
    .concat(fs.readdirSync(path.join(repo, 'libs')).map((d) => path.join(repo, 'libs', d, 'src')));
  const from = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${pkg.replace('/', '\\/')}'`, 'g');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(from)) {
          if (m[1]) continue;
          for (const spec of m[2].split(',').map((x) => x.trim())) {
            if (!spec || spec.startsWith('type ')) continue;
            names.set(spec.split(/\s+as\s+/)[0], path.relative(repo, file));
          }
        }
      }
    }
  };
  roots.forEach(walk);
  return names;
}

/** The names a front end imports from `pkg` that `offered` lacks, each with a file that imports it. */
const missingFrom = (pkg: string, offered: Set<string>) =>
  [...importedNames(pkg)].filter(([name]) => !offered.has(name)).map(([name, file]) => `${name} (${file})`);

describe("the router's share", () => {
  const share = fs.readFileSync(path.join(__dirname, '..', 'shared', 'react-router-dom.mjs'), 'utf8');
  const exported = (from: string) => exportedBy(share, from);

  it('offers every router name the front ends import (a missing one would be undefined at run time)', () => {
    const offered = new Set([...exported('react-router'), ...exported('react-router/dom')]);
    expect(importedNames('react-router-dom').size).toBeGreaterThan(10);
    expect(missingFrom('react-router-dom', offered)).toEqual([]);
  });

  it("re-exports only what react-router has, and react-router-dom's own RouterProvider", async () => {
    const router = await import('react-router');
    const names = exported('react-router');
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => !(n in router))).toEqual([]);
    expect(exported('react-router/dom')).toEqual(['RouterProvider']);
  });
});

describe("TanStack Query's share", () => {
  const share = fs.readFileSync(path.join(__dirname, '..', 'shared', 'tanstack-react-query.mjs'), 'utf8');
  const names = exportedBy(share, 'shared-package/@tanstack/react-query');

  it('offers every name the front ends import from the package', () => {
    expect(importedNames('@tanstack/react-query').size).toBeGreaterThan(5);
    expect(missingFrom('@tanstack/react-query', new Set(names))).toEqual([]);
  });

  it('re-exports only what the package has, and leaves its server-rendering hydration out', async () => {
    const query = await import('@tanstack/react-query');
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !(n in query))).toEqual([]);
    expect(names).not.toContain('HydrationBoundary');
    expect(names).not.toContain('dehydrate');
  });

  it("is provided by the share file, which reaches the package's own entry through an alias", () => {
    const dir = app({ react: '19.3.1', '@tanstack/react-query': '5.108.0' });
    dirs.push(dir);
    const config = build(dir, 'production') as Config & { resolve: { alias: Record<string, string> } };
    const federation = (plugins(config, 'ModuleFederationPlugin')[0] as { _options: Record<string, unknown> })
      ._options;
    const shared = federation.shared as Record<string, { import?: string }>;
    expect(shared['@tanstack/react-query'].import).toBe(
      path.join(__dirname, '..', 'shared', 'tanstack-react-query.mjs'),
    );
    // The package's ES module entry: by its own name the share file would import itself.
    const entry = config.resolve.alias['shared-package/@tanstack/react-query$'];
    expect(entry).toBe(require.resolve('@tanstack/react-query').replace(/\.cjs$/, '.js'));
    expect(fs.existsSync(entry)).toBe(true);
  });
});

it('a production build puts the stylesheets in .css files; development injects them', () => {
  const dir = app({ react: '19.3.1' });
  dirs.push(dir);
  type WithRules = Config & { module: { rules: { test: RegExp; use: unknown[] }[] } };
  const cssRule = (config: WithRules) => config.module.rules.find((r) => r.test.test('x.css'))!;
  const production = build(dir, 'production') as WithRules;
  expect(plugins(production, 'MiniCssExtractPlugin')).toHaveLength(1);
  expect(String(cssRule(production).use[0])).toMatch(/mini-css-extract-plugin/);
  const dev = build(dir, 'development') as WithRules;
  expect(plugins(dev, 'MiniCssExtractPlugin')).toHaveLength(0);
  expect(cssRule(dev).use[0]).toBe('style-loader');
});
