const preset = require('../jest.preset')('jsdom', __dirname, {
  // The app's tests run a react-router data router (the unsaved-changes guard needs one), which needs
  // Node's Request in jsdom, and the real services over Node's fetch: remote-kit's test environment.
  testEnvironment: '<rootDir>/../libs/remote-kit/jest.environment.js',
  // msw's node entry under jsdom: Node's export conditions, not the browser's.
  testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // The real services behind the app tests, started once per run (libs/remote-kit/src/test-services.ts).
  globalSetup: '<rootDir>/jest.services.ts',
  globalTeardown: '<rootDir>/jest.services-teardown.ts',
  // Stylesheets are webpack's business; tests only need the class names in the markup.
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.style-stub.js' },
  // msw's ES-module-only dependencies, compiled like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft|@mswjs|msw)/)'],
});
// ...with .mjs files among what the TypeScript transform compiles.
const [[, swc]] = Object.entries(preset.transform);
module.exports = { ...preset, transform: { '^.+\\.(t|j)sx?$|\\.mjs$': swc } };
