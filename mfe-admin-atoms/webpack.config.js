// The atoms admin remote: one exposed module, AdminAtomsApp, mounted by the shell at /admin/atoms/*.
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_admin_atoms',
  dir: __dirname,
  exposes: { './AdminAtomsApp': './src/AdminAtomsApp.tsx' },
  devPort: 3103, // `npm run dev`: http://localhost:3103/ (standalone) and /mf-manifest.json
  // The standalone page's /api: the real services, started by the dev server (required only then, so
  // a build never loads the services).
  devServices: (options) => require('@skillquiz/services/dev').startDevServices(options),
});
