// One jest setup for every package: TypeScript through @swc/jest, node or jsdom.
// A package's jest.config.js is `module.exports = require('../jest.preset')('node', __dirname)`.
const path = require('node:path');

module.exports = function preset(environment, dir, extra = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: environment === 'jsdom' ? 'jsdom' : 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    testMatch: [
      '<rootDir>/src/**/*.test.ts',
      '<rootDir>/src/**/*.test.tsx',
      '<rootDir>/test/**/*.test.ts',
      '<rootDir>/test/**/*.test.tsx',
    ],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
    ...extra,
  };
};
