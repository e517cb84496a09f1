// The atoms admin remote: one exposed module, AdminAtomsApp, mounted by the shell at /admin/atoms/*.
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_admin_atoms',
  dir: __dirname,
  exposes: { './AdminAtomsApp': './src/AdminAtomsApp.tsx' },
  devPort: 3103, // `npm run dev`: http://localhost:3103/ (standalone) and /mf-manifest.json
  devServices: true, // the standalone page's /api: the real services (libs/remote-kit dev-services)
});
