module.exports = require('../../jest.preset')('jsdom', __dirname, {
  // The dev frame's test runs a react-router data router, which needs Node's Request in jsdom: the
  // shell's test environment provides it (one copy of that shim).
  testEnvironment: '<rootDir>/../../shell/jest.environment.js',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.style-stub.js' },
});
