#!/usr/bin/env node
// `skillquiz-webpack` = webpack-cli as installed for @skillquiz/webpack-config. npm may nest webpack-cli
// under this package, where the plain `webpack` binary cannot find it; every front end's
// `npm run build` goes through here so it never depends on how npm hoisted the tree.
require(require.resolve('webpack-cli/bin/cli.js', { paths: [__dirname] }));
