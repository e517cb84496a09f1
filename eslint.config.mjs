// One lint config for the whole monorepo (flat config). Type-aware rules are left out on purpose:
// `npm run typecheck` already runs tsc over every package, and typed linting would double the time.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/artifacts/**',
      // copies of a remote the browser tests build while lint may run beside them
      'e2e/.remote-builds/**',
      'services/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring to omit a field, fixed callback shapes).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A variable a shutdown handler reads before start-up assigns it cannot be const (TDZ).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `interface X extends Y {}` is how TypeScript augments a library's interface (koa's DefaultContext).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Plain Node scripts (bins, configs, benches) are CommonJS.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', 'shell/src/**/*.ts', 'mfe-*/src/**/*.ts', 'libs/http-client/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A code block that overflows must be scrollable by keyboard (WCAG 2.1.1; axe's
      // scrollable-region-focusable), so a labelled <pre> may take focus. Otherwise the recommended
      // options.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: ['pre'], roles: ['tabpanel'], allowExpressionValues: true },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', '**/jest.setup.*'],
    languageOptions: { globals: { ...globals.jest, ...globals.node, ...globals.browser } },
    rules: {
      // Tests read parsed JSON replies and poke at raw wire documents; their assertions check the shape,
      // so `any` there is the honest type. Product code keeps the rule.
      '@typescript-eslint/no-explicit-any': 'off',
      // Playwright fixtures must destructure their dependencies, and `{}` is how a fixture says "none".
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  prettier,
);
