module.exports = require('../jest.preset')('jsdom', __dirname, {
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // Stylesheets are webpack's business; tests only need the class names in the markup.
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.style-stub.js' },
});
