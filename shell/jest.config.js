module.exports = require('../jest.preset')('jsdom', __dirname, {
  testEnvironment: '<rootDir>/jest.environment.js',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // Stylesheets are webpack's business; tests only need the markup.
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.style-stub.js' },
});
