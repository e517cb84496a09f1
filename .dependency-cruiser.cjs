// The import-graph rules (`npm run lint:imports`, part of `npm run lint`): the floor plan of the
// monorepo, checked on every lint so it cannot drift.
//
//   apps      services, shell, mfe-*          may import libs (and e2e, the browser tests, any of them)
//   libs      libs/*                          may import other libs, never an app (e2e's Chromium
//                                             launch settings are shared with a dev tool in libs)
//   bottom    libs/contracts                  imports no other workspace package (only zod)
//   and nowhere an import circle, type-only imports included (they still tangle the design).
//
// Workspace packages are resolved to their TypeScript sources (the `source` condition in each
// package's exports, or its `source` field), so the graph is whole before anything is built and
// a circle through two packages is seen as one.
const APP = '^(services|shell|mfe-[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: split the shared part into a module both sides import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'libs-import-no-app',
      comment: 'A library is below every app: move what it needs from the app into a library.',
      severity: 'error',
      // No exception: the real services behind the dev pages and app tests (@skillquiz/services/dev)
      // are handed to libs/webpack-config and libs/remote-kit by each remote's own configs.
      from: { path: '^libs/' },
      to: { path: APP },
    },
    {
      name: 'contracts-at-the-bottom',
      comment:
        'libs/contracts is the shape every package agrees on: it imports no other workspace package (declare the type in contracts and import it from there).',
      severity: 'error',
      from: { path: '^libs/contracts/' },
      to: { path: `^libs/(?!contracts/)|${APP}|^e2e/` },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing (a missing file or package).',
      severity: 'error',
      from: {},
      // Bench scripts load their package's build (`../dist`), which a fresh clone has only after
      // `npm run build`; lint runs before the build.
      to: { couldNotResolve: true, pathNot: '(^|/)dist$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // What the browser tests write while lint may run beside them (reports, a remote's copies) is not ours.
    exclude: {
      path: '(^|/)(dist|coverage|node_modules|test-results|playwright-report|\\.remote-builds)/|\\.d\\.ts$',
    },
    // Type-only imports count: a circle of types is still a circle in the design.
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      mainFields: ['source', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json', '.d.ts'],
    },
  },
};
