// Root jest: runs every package that has a jest.config.js (browser tests run separately in e2e/).
const fs = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./package.json');

const dirs = workspaces.flatMap((w) =>
  w.endsWith('/*')
    ? fs.readdirSync(path.join(__dirname, w.slice(0, -2))).map((d) => path.join(w.slice(0, -2), d))
    : [w],
);

module.exports = {
  projects: dirs.map((d) => path.join(__dirname, d, 'jest.config.js')).filter((f) => fs.existsSync(f)),
};
