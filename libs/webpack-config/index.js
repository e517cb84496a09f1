// The one webpack + module-federation factory every SkillQuiz front end uses.
//
//   // shell/webpack.config.js
//   module.exports = require('@skillquiz/webpack-config').createConfig({ name: 'shell', dir: __dirname, isHost: true });
//   // mfe-quiz/webpack.config.js
//   module.exports = createConfig({ name: 'mfe_quiz', dir: __dirname, exposes: { './QuizApp': './src/QuizApp.tsx' } });
//
// Why it looks like this (the stack notes on module federation):
// - shareStrategy 'loaded-first': with 'version-first' the host fetches every remote entry before it
//   renders, so one remote that is down blanks the whole page.
// - dts: false: the type plugin downloads remote types at build time (production) and starts a
//   background broker (development). Exposed modules' props are typed in @skillquiz/contracts.
// - Shared singletons are declared here once so host and remotes can never disagree about them.
// - TypeScript goes through ts-loader with transpileOnly (`npm run typecheck` checks types), and
//   minification through swc inside terser-webpack-plugin: terser was most of the build time.
// - Production builds write .br and .gz beside each text asset; the services send them as they are.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');

/**
 * Libraries that must exist once per page. react-toastify is here because the toast container lives
 * in the shell while remotes call toast(): both must talk to the same module instance.
 * react-router-dom and TanStack Query are shared as files of ours (SHARE_FILES): react-router is then
 * an ordinary module of the router's share, tree-shaken, and never a share of its own.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  // Not react/jsx-runtime: it holds no state (an element is known by a global Symbol.for), so each
  // bundle carries its own half kilobyte rather than a page fetching it as a file of its own.
  'react-router-dom',
  'react-toastify',
  // The data cache of the shell and every remote: one copy, the shell's (it loads it on every page).
  '@tanstack/react-query',
];

/**
 * Shares provided by a file of ours that re-exports the package's browser surface by name (see each
 * file's opening comment): the rest of the package is tree-shaken away.
 */
const SHARE_FILES = {
  'react-router-dom': path.join(__dirname, 'shared', 'react-router-dom.mjs'),
  '@tanstack/react-query': path.join(__dirname, 'shared', 'tanstack-react-query.mjs'),
};

/**
 * react-router's package exports point at its development build only; a production build bundles its
 * production build instead (the same API without the development warnings).
 */
function routerProductionAliases(dir) {
  let pkgDir;
  try {
    pkgDir = path.dirname(require.resolve('react-router/package.json', { paths: [dir] }));
  } catch {
    return {};
  }
  return {
    'react-router$': path.join(pkgDir, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(pkgDir, 'dist', 'production', 'dom-export.mjs'),
  };
}

/**
 * 'shared-package/<name>' -> the package's own entry file, for a share file that re-exports a package
 * shared under its own name (an import of that name would be the share itself).
 */
function sharePackageAliases(dir) {
  const aliases = {};
  for (const lib of Object.keys(SHARE_FILES)) {
    let entry;
    try {
      entry = require.resolve(lib, { paths: [dir] });
    } catch {
      continue;
    }
    // require.resolve gives the CommonJS build; the ES module build beside it is what tree-shakes.
    aliases[`shared-package/${lib}$`] = entry.replace(/\.cjs$/, '.js');
  }
  return aliases;
}

/** '@module-federation/x' -> its ES module build, for import and require alike (see resolve.alias). */
const FEDERATION_RUNTIME_ALIASES = Object.fromEntries(
  ['@module-federation/runtime-core', '@module-federation/sdk'].map((pkg) => {
    // require.resolve gives the CommonJS build (dist/index.cjs); its ES twin sits beside it.
    const cjs = require.resolve(pkg, {
      paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
    });
    return [`${pkg}$`, cjs.replace(/\.cjs$/, '.js')];
  }),
);

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The version range an app asks for: its own package.json, else the version installed beside it. */
function requiredVersionFor(pkgName, appPkg, dir) {
  const base = pkgName.startsWith('@') ? pkgName.split('/').slice(0, 2).join('/') : pkgName.split('/')[0];
  const declared = { ...appPkg.devDependencies, ...appPkg.dependencies }[base];
  if (declared) return declared;
  try {
    const installed = readJson(require.resolve(`${base}/package.json`, { paths: [dir] })).version;
    return `^${installed}`;
  } catch {
    return undefined;
  }
}

/** The version of `pkgName` installed where `dir` resolves it, or undefined. */
function installedVersion(pkgName, dir) {
  try {
    return readJson(require.resolve(`${pkgName}/package.json`, { paths: [dir] })).version;
  } catch {
    return undefined;
  }
}

/** Shared config for the singletons this app actually depends on. */
function sharedFor(appPkg, dir) {
  const deps = { ...appPkg.dependencies };
  const uses = (lib) => {
    const base = lib.startsWith('@') ? lib.split('/').slice(0, 2).join('/') : lib.split('/')[0];
    return Boolean(deps[base]);
  };
  const shared = {};
  for (const lib of SINGLETONS.filter(uses)) {
    shared[lib] = { singleton: true, requiredVersion: requiredVersionFor(lib, appPkg, dir) };
  }
  for (const [lib, file] of Object.entries(SHARE_FILES)) {
    if (!shared[lib]) continue;
    // A file of ours provides the share: its version is the installed package's, said outright.
    Object.assign(shared[lib], { import: file, version: installedVersion(lib, dir) });
  }
  return shared;
}

/**
 * The shell-remote contract version this app is built against (from @skillquiz/contracts), written into
 * a remote's mf-manifest.json as metaData.contractVersion so the shell can refuse a remote it cannot
 * host before running any of its code. Its build version (metaData.buildInfo.buildVersion) is the
 * app's package.json version, written by the manifest plugin itself.
 */
function contractVersionFor(dir) {
  const file = require.resolve('@skillquiz/contracts/constants', { paths: [dir] });
  return require(file).REMOTE_CONTRACT_VERSION;
}

/**
 * ts-loader, transpiling only. These options win over the app's tsconfig.json, which is written for
 * `tsc --noEmit` type checking: webpack needs emitted ES modules (for splitting and tree shaking).
 * The JSX runtime is the production one in development too: a remote in development runs inside a
 * page whose shared React is the shell's production build, which the dev runtime does not match.
 */
function tsLoader(dir, production) {
  const configFile = path.join(dir, 'tsconfig.json');
  return {
    loader: require.resolve('ts-loader'),
    options: {
      transpileOnly: true,
      ...(fs.existsSync(configFile) ? { configFile } : {}),
      compilerOptions: {
        noEmit: false,
        module: 'esnext',
        moduleResolution: 'bundler',
        target: 'es2020',
        jsx: 'react-jsx',
        isolatedModules: true,
        sourceMap: !production,
        declaration: false,
        declarationMap: false,
        composite: false,
      },
    },
  };
}

/** Text assets worth precompressing (what the services send with a Content-Encoding). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;

/**
 * .br (quality 11) and .gz (level 9) beside every compressible asset of 1 KB or more: done once at
 * build time, so the services spend no CPU per request. Files that compress poorly (ratio > 0.8)
 * are left alone.
 */
function compressionPlugins() {
  const common = { test: COMPRESSIBLE, threshold: 1024, minRatio: 0.8, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

/**
 * `webpack serve` of one remote (`npm run dev` in its directory): rebuilds on save and reloads the
 * page. Two pages use it: the running services' shell on another origin (the product loop), so the
 * dev server allows any origin and its live-reload socket names its own port (hostname: the page's);
 * and the remote's own standalone page at `/` (below), whose client-side routes fall back to its
 * index.html.
 */
/** The dev page's role cookie: `?as=admin` on the page sets it (dev/main.tsx), the proxy reads it. */
const DEV_ROLE_COOKIE = 'skillquiz-dev-as';

/**
 * `/api` of the standalone page, proxied to the real services started in this process by
 * `startDevServices` (the remote's webpack config hands in `@skillquiz/services/dev`'s: seeded, on a
 * temporary data directory removed on exit; a library imports no app), every request carrying the
 * dev session of the role the page asked for (recruiter unless the skillquiz-dev-as cookie says admin
 * or second-recruiter).
 */
function devServicesProxy(startDevServices) {
  let started;
  const sessions = new Map();
  const start = () => {
    if (!started) {
      started = startDevServices({ seed: true, sampleCandidates: true, logLevel: 'warn' }).then(
        (services) => {
          console.log(`dev page: the real services on ${services.baseUrl} (seeded, temporary data)`);
          const stop = () => services.stop().finally(() => process.exit(0));
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
          return services;
        },
      );
    }
    return started;
  };
  const roleOf = (req) => {
    const m = new RegExp(`(?:^|;\\s*)${DEV_ROLE_COOKIE}=([a-z-]+)`).exec(req.headers.cookie ?? '');
    return m && ['admin', 'second-admin', 'second-recruiter'].includes(m[1]) ? m[1] : 'recruiter';
  };
  return {
    start,
    proxy: [
      {
        // /assets: what the services serve beside the API (the seeded company's logo).
        context: ['/api', '/assets'],
        target: 'http://127.0.0.1:1', // replaced per request by router
        changeOrigin: true,
        router: async (req) => {
          const services = await start();
          const role = roleOf(req);
          if (!sessions.has(role)) sessions.set(role, await services.signIn(role));
          req.devSession = sessions.get(role);
          return services.baseUrl;
        },
        on: {
          proxyReq: (proxyReq, req) => {
            for (const [k, v] of Object.entries(req.devSession ?? {})) proxyReq.setHeader(k, v);
          },
        },
      },
    ],
  };
}

function devServer(devPort, hasStandalonePage, startDevServices) {
  const port = Number(process.env.DEV_PORT) || devPort;
  const services = startDevServices ? devServicesProxy(startDevServices) : undefined;
  return {
    ...(services
      ? {
          proxy: services.proxy,
          setupMiddlewares: (middlewares) => {
            services.start().catch((err) => console.error('dev page: the services did not start', err));
            return middlewares;
          },
        }
      : {}),
    port,
    host: 'localhost',
    hot: false, // module federation and React refresh across a host do not mix; a reload is reliable
    liveReload: true,
    static: false,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { webSocketURL: `auto://0.0.0.0:${port}/ws`, overlay: { warnings: false } },
    ...(hasStandalonePage ? { historyApiFallback: { index: '/index.html' } } : {}),
  };
}

/** Where a remote's standalone dev page starts (its `dev/` folder), if it has one. */
const DEV_PAGE_ENTRY = './dev/main.tsx';

/**
 * The standalone dev page of a remote, a second compilation beside the remote's own under
 * `webpack serve`: `dev/main.tsx` renders the remote's app directly on its in-memory fake API. It is a
 * plain React app with no module federation, because a remote entry needs a host's federation runtime
 * (`externalRuntime` below) and this page has no host; the remote build itself stays exactly what the
 * product loads. Served at `/` of the dev server; its files under `/standalone/`, so they never
 * collide with the remote's chunks.
 */
function standalonePageConfig({ name, dir, rules, resolve }) {
  return {
    name: `${name}-standalone`,
    mode: 'development',
    context: dir,
    entry: { standalone: DEV_PAGE_ENTRY },
    devtool: 'cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist-dev'),
      publicPath: '/',
      uniqueName: `${name}_standalone`,
      filename: 'standalone/[name].js',
      chunkFilename: 'standalone/[name].js',
      assetModuleFilename: 'standalone/assets/[name].[contenthash][ext]',
      clean: true,
    },
    resolve,
    module: { rules },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'dev-page.html'),
        title: `${path.basename(dir)} (dev)`,
        filename: 'index.html',
      }),
    ],
    performance: { hints: false },
  };
}

/**
 * @param {object} opts
 * @param {string} opts.name     federation name, e.g. 'shell', 'mfe_quiz' (also the uniqueName)
 * @param {string} opts.dir      the app's directory (its package.json, src/ and dist/)
 * @param {Record<string,string>} [opts.exposes]  modules a remote exposes
 * @param {boolean} [opts.isHost] the shell: publicPath '/', index.html; it has no static remotes (it
 *   finds them at run time through GET /remotes.json)
 * @param {number} [opts.devPort] a remote's port under `webpack serve` (env DEV_PORT wins); 3100 if unset
 * @param {(options: object) => Promise<{ baseUrl: string, signIn: Function, stop: Function }>} [opts.devServices]
 *   `webpack serve`: the standalone page's `/api` goes to the real services, started in the dev
 *   server's process with this function (`startDevServices` of `@skillquiz/services/dev`, required
 *   lazily by the remote's config so a build never loads the services; devServicesProxy)
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createConfig(opts) {
  const { name, dir, exposes, isHost = false, devPort = 3100, devServices } = opts;
  if (!name || !dir) throw new Error('createConfig needs { name, dir }');
  if (!isHost && (!exposes || Object.keys(exposes).length === 0)) {
    throw new Error(`${name}: a remote must expose at least one module`);
  }
  const appPkg = readJson(path.join(dir, 'package.json'));

  return (env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const production = mode === 'production';
    const rules = [
      // Our TypeScript (the app's and the workspace libraries' sources); plain JavaScript, such as
      // the libraries' tsc output, is bundled as it is.
      { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: tsLoader(dir, production) },
      // Production: each chunk's CSS is a .css file of its own, fetched beside the chunk's script
      // (webpack waits for both before the chunk's code runs), so styles are not JavaScript strings
      // that a script must run to insert, and the style-loader runtime is not in every bundle.
      // Development keeps style-loader: it swaps styles on save without a reload.
      { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
      { test: /\.(png|svg|jpe?g|gif|webp|woff2?)$/, type: 'asset/resource' },
    ];
    const resolve = {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      // The federation runtime imports these as ES modules while the runtime injection of
      // provideExternalRuntime requires them: without one build for both, the host ships two copies.
      alias: {
        ...FEDERATION_RUNTIME_ALIASES,
        ...sharePackageAliases(dir),
        ...(production ? routerProductionAliases(dir) : {}),
      },
    };
    // `webpack serve` of a remote with a dev/ folder also serves its standalone page.
    const standalone =
      !isHost && !production && env.WEBPACK_SERVE && fs.existsSync(path.join(dir, DEV_PAGE_ENTRY));
    const config = {
      name,
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      // Not an eval-* devtool: the Content-Security-Policy refuses eval, development included.
      devtool: production ? false : 'cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // The shell is always served from the site root; remotes work out their own URL at run time.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash][ext]',
        clean: true,
      },
      resolve,
      module: { rules },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
          shared: sharedFor(appPkg, dir),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: isHost
            ? true
            : {
                additionalData: ({ stats }) => {
                  stats.metaData.contractVersion = contractVersionFor(dir);
                  return stats;
                },
              },
          // One federation runtime per page: the host provides it (global _FEDERATION_RUNTIME_CORE)
          // and every remote entry uses that one instead of bundling its own copy (~15 KB gzipped
          // each). A remote therefore runs only inside a host built by this factory.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            // Every page runs in a browser: the runtime's code for loading remotes in Node is left out.
            optimization: { target: 'web' },
          },
        }),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                // The page as it is (it has no template syntax): no child compilation, which would
                // otherwise build and emit a copy of the shared modules of our own (the router's)
                // that no page loads.
                templateContent: fs.readFileSync(path.join(dir, 'index.html'), 'utf8'),
                // The async bootstrap needs only the entry; federation loads the rest.
                chunks: ['main'],
              }),
            ]
          : []),
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash].css',
                chunkFilename: '[name].[contenthash].css',
              }),
              ...compressionPlugins(),
            ]
          : []),
      ],
      optimization: {
        // No separate vendors chunk: each shared library is one file with its package's own entry
        // (react-dom's index beside its build, the router's share beside the router), not two.
        splitChunks: { cacheGroups: { defaultVendors: false } },
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            terserOptions: { compress: { passes: 2 }, mangle: true },
          }),
        ],
      },
      ...(isHost ? {} : { devServer: devServer(devPort, standalone, devServices) }),
      performance: { hints: false },
    };
    // webpack-dev-server serves every compilation of the array from one port (the first one's options).
    return standalone ? [config, standalonePageConfig({ name, dir, rules, resolve })] : config;
  };
}

module.exports = { createConfig };
