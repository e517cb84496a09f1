// `npm run test:rolling`: the rolling-restart test behind nginx (test/*.rolling.ts), on its own
// because it takes a few minutes of real processes; the root `jest` leaves it out (its testMatch
// is *.test.ts).
const base = require('./jest.config');

module.exports = { ...base, testMatch: ['<rootDir>/test/**/*.rolling.ts'] };
