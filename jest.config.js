// Root jest: runs every package that has a jest.config.js (browser tests run separately in e2e/).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { workspaces } = require('./package.json');

const dirs = workspaces.flatMap((w) =>
  w.endsWith('/*')
    ? fs.readdirSync(path.join(__dirname, w.slice(0, -2))).map((d) => path.join(w.slice(0, -2), d))
    : [w],
);

module.exports = {
  // At least three suites at once, also on two cores (jest's default there is one): most of the time
  // goes to the services suites, which spend much of it waiting (on their engine process, on HTTP,
  // on a killed or frozen process), and the front ends' app tests wait on the real services, so
  // more suites fill the waits. Measured in README ("Where the time goes").
  maxWorkers: Math.max(3, os.availableParallelism() - 1),
  projects: dirs.map((d) => path.join(__dirname, d, 'jest.config.js')).filter((f) => fs.existsSync(f)),
};
