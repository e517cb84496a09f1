#!/usr/bin/env node
// Prints the Node version every npm script runs on, and refuses one older than the project supports.
// npm scripts find `node` in node_modules/.bin first: the root devDependency `node` installs Node 24 there,
// so a machine whose system node is older still runs the product and its tests on 24.
'use strict';
const [major] = process.versions.node.split('.').map(Number);
console.log(`[node] ${process.version} (${process.execPath})`);
if (major < 22) {
  console.error(
    '[node] SkillQuiz needs Node 22 or newer: run it through npm scripts (npm start, npm test), which use node_modules/.bin/node.',
  );
  process.exit(1);
}
