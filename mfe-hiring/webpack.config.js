// The hiring remote (issue 19): one exposed module, HiringApp, mounted by the shell at /hiring/*.
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_hiring',
  dir: __dirname,
  exposes: { './HiringApp': './src/HiringApp.tsx' },
  devPort: 3105, // `npm run dev`: http://localhost:3105/ (standalone) and /mf-manifest.json
  devServices: true, // the standalone page's /api: the real services (libs/remote-kit dev-services)
});
