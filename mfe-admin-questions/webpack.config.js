// The questions admin remote: one exposed module, AdminQuestionsApp, mounted by the shell at /admin/questions/*.
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_admin_questions',
  dir: __dirname,
  exposes: { './AdminQuestionsApp': './src/AdminQuestionsApp.tsx' },
  devPort: 3104, // `npm run dev`: http://localhost:3104/ (standalone) and /mf-manifest.json
  // The standalone page's /api: the real services, started by the dev server (required only then, so
  // a build never loads the services).
  devServices: (options) => require('@skillquiz/services/dev').startDevServices(options),
});
