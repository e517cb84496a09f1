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
  // react-router follows react-router-dom, the JSX runtime follows react; toastify and TanStack
  // Query are not shared by an app that does not use them.
  const shared = federation.shared as Record<string, { singleton: boolean }>;
  expect(Object.keys(shared).sort()).toEqual([
    'react',
    'react-dom',
    'react-router',
    'react-router-dom',
    'react/jsx-runtime',
  ]);
  expect(shared.react.singleton).toBe(true);
  // Precompressed siblings in production only; never an eval devtool (the policy refuses eval).
  expect(plugins(config, 'CompressionPlugin')).toHaveLength(2);
  const dev = build(dir, 'development');
  expect(plugins(dev, 'CompressionPlugin')).toHaveLength(0);
  expect(String(dev.devtool)).not.toMatch(/eval/);
});
