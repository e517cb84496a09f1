// The candidate remote: one exposed module, QuizApp, which renders every /quiz/:token/... page.
// `npm run dev` also serves its standalone page (dev/main.tsx) on the real services.
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_quiz',
  dir: __dirname,
  exposes: { './QuizApp': './src/QuizApp.tsx' },
  devPort: 3101, // `npm run dev`: http://localhost:3101/ (standalone) and /mf-manifest.json
  // The standalone page's /api: the real services, started by the dev server (required only then, so
  // a build never loads the services).
  devServices: (options) => require('@skillquiz/services/dev').startDevServices(options),
});
