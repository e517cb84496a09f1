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
    // The services' contexts (services/README.md, "Contexts"), stacked: platform at the bottom, then
    // quiz, content, hiring, ops; the composition root (src/*.ts, src/cli, src/dev) above them all.
    {
      name: 'services-platform-imports-no-context',
      comment:
        'services/src/platform is below every context: hand what it needs in from the composition root (a port on app.context) instead.',
      severity: 'error',
      from: { path: '^services/src/platform/' },
      to: { path: '^services/src/(?!platform/)' },
    },
    ...[
      ['quiz', 'content|hiring|ops'],
      ['content', 'hiring|ops'],
      ['hiring', 'ops'],
      ['ops', null],
    ].map(([context, above]) => ({
      name: `services-${context}-imports-only-below`,
      comment:
        'A context imports only the contexts below it (platform < quiz < content < hiring < ops) and never the composition root; one above it is heard through an event or a port wired at the composition root.',
      severity: 'error',
      from: { path: `^services/src/${context}/` },
      to: {
        path: `${above ? `^services/src/(${above})/|` : ''}^services/src/[^/]+\\.ts$|^services/src/(cli|dev)/`,
      },
    })),
    {
      name: 'services-context-through-its-index',
      comment:
        'Another context is entered only through its index.ts (its public face); its files, and its models, are its own.',
      severity: 'error',
      from: {
        path: '^services/src/((platform|quiz|content|hiring|ops)/|[^/]+\\.ts$|cli/|dev/)',
        pathNot: '^services/src/models\\.ts$',
      },
      to: {
        path: '^services/src/(platform|quiz|content|hiring|ops)/',
        pathNot: ['^services/src/$2/', '^services/src/(platform|quiz|content|hiring|ops)/index\\.ts$'],
      },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing (a missing file or package).',
      severity: 'error',
      from: {},
      // Bench scripts load their package's build (`../dist`), which a fresh clone has only after
      // `npm run build`; lint runs before the build. `shared-package/<name>` is the webpack factory's
      // alias for a package's own entry (its share files' imports), known to webpack only.
      to: { couldNotResolve: true, pathNot: '(^|/)dist$|^shared-package/' },
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
