// The hiring remote: one exposed module, HiringApp, mounted by the shell at /hiring/*.
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_hiring',
  dir: __dirname,
  exposes: { './HiringApp': './src/HiringApp.tsx' },
  devPort: 3105, // `npm run dev`: http://localhost:3105/ (standalone) and /mf-manifest.json
  // The standalone page's /api: the real services, started by the dev server (required only then, so
  // a build never loads the services).
  devServices: (options) => require('@skillquiz/services/dev').startDevServices(options),
});
