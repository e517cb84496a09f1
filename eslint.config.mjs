// One lint config for the whole monorepo (flat config). Type-aware rules are left out on purpose:
// `npm run typecheck` already runs tsc over every package, and typed linting would double the time.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The services' collections and the one context that writes each (services/README.md, "Contexts").
// Elsewhere a write to one is a lint error: through its model, also at the end of a query chain
// (`Model.find(...).updateMany(...)`, which the read-only handles the owner's index hands out still
// type-check), through mongoose's registry by the model's name, or through the raw driver by the
// collection's name. Tests seed data directly and are not checked.
const COLLECTION_OWNERS = {
  quiz: {
    models: ['QuizResult', 'QuestionLog', 'TrackingEvent'],
    collections: ['quiz_results', 'question_logs', 'tracking_events'],
  },
  hiring: {
    models: ['Invitation', 'Company', 'Role', 'EmailDelivery', 'WebhookAttempt'],
    collections: [
      'invitations',
      'companies',
      'roles',
      'atom_norms',
      'atom_norm_entries',
      'email_deliveries',
      'webhook_attempts',
    ],
  },
  content: {
    models: ['Atom', 'Question', 'ContentImport'],
    collections: ['atoms', 'questions', 'content_imports'],
  },
};
const WRITE_METHODS =
  'create|insertMany|insertOne|updateOne|updateMany|replaceOne|bulkWrite|deleteOne|deleteMany|findOneAndUpdate|findOneAndReplace|findOneAndDelete|findByIdAndUpdate|findByIdAndDelete';
const restrictionsOf = (owner, { models, collections }) => [
  {
    selector: `CallExpression[callee.object.name=/^(${models.join('|')})$/][callee.property.name=/^(${WRITE_METHODS})$/]`,
    message: `Only services/src/${owner} writes ${collections.join(', ')}: call a function of its index instead.`,
  },
  {
    selector: `CallExpression[callee.property.name=/^(${WRITE_METHODS})$/] > MemberExpression.callee CallExpression[callee.object.name=/^(${models.join('|')})$/]`,
    message: `Only services/src/${owner} writes ${collections.join(', ')}: a query's write is a write too; call a function of its index instead.`,
  },
  {
    selector: `CallExpression[callee.property.name='model'] > Literal.arguments[value=/^(${models.join('|')})$/]`,
    message: `Only services/src/${owner} writes ${collections.join(', ')}: take the read-only handle of its index, not the model from mongoose's registry.`,
  },
  {
    selector: `CallExpression[callee.property.name='collection'] > Literal.arguments[value=/^(${collections.join('|')})$/]`,
    message: `Only services/src/${owner} writes ${collections.join(', ')}: ask it through its index instead of the raw driver.`,
  },
];
// A context is entered only through its index.ts (.dependency-cruiser.cjs), and a module augmentation
// is an entry that dependency-cruiser does not see: `declare module` names another context's index,
// never one of its files.
const CONTEXT_AUGMENTATION = {
  selector: `TSModuleDeclaration > Literal.id[value=/^\\.{1,2}\\/(.*\\/)?(platform|quiz|content|hiring|ops)\\/./]`,
  message:
    "Augment another context through its index (declare module '../../platform'), not one of its files.",
};
// One block per area (a flat config's later block replaces a rule's options, so each area gets all of
// its restrictions at once): every context, and the composition root with its CLI and dev entry.
const SERVICES_AREAS = ['platform', 'content', 'quiz', 'hiring', 'ops', 'cli', 'dev'];
const ownerWriteRules = [...SERVICES_AREAS, null].map((area) => ({
  files: area ? [`services/src/${area}/**/*.ts`] : ['services/src/*.ts'],
  ignores: ['services/src/**/*.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...Object.entries(COLLECTION_OWNERS)
        .filter(([owner]) => owner !== area)
        .flatMap(([owner, spec]) => restrictionsOf(owner, spec)),
      CONTEXT_AUGMENTATION,
    ],
  },
}));

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
  ...ownerWriteRules,
  prettier,
);
