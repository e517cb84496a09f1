// The shell: the module-federation host. It compiles in no remote URL; remotes are found at run time
// through GET /remotes.json (see src/api/remotes.ts).
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({ name: 'shell', dir: __dirname, isHost: true });
