module.exports = require('../jest.preset')('jsdom', __dirname, {
  // The app's tests run a react-router data router (the unsaved-changes guard needs one), which needs
  // Node's Request in jsdom: the shell's test environment provides it (one copy of that shim).
  testEnvironment: '<rootDir>/../shell/jest.environment.js',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // Stylesheets are webpack's business; tests only need the class names in the markup.
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.style-stub.js' },
});
