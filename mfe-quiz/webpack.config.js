// The candidate remote: one exposed module, QuizApp, which renders every /quiz/:token/... page.
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_quiz',
  dir: __dirname,
  exposes: { './QuizApp': './src/QuizApp.tsx' },
  devPort: 3101, // `npm run dev`: http://localhost:3101/mf-manifest.json
});
