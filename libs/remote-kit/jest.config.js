// The services' ES-module-only dependencies, compiled by jest as the services' own jest config does:
// test/devServices.test.ts runs the real services in jest's module system.
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose', 'agenda', '@agendajs/mongo-backend', 'agendash'];

module.exports = require('../../jest.preset')('jsdom', __dirname, {
  // The dev frame's test runs a react-router data router, which needs Node's Request in jsdom: the
  // shell's test environment provides it (one copy of that shim).
  testEnvironment: '<rootDir>/../../shell/jest.environment.js',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.style-stub.js' },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
});
