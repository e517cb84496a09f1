// The candidate remote: one exposed module, QuizApp, which renders every /quiz/:token/... page.
const path = require('node:path');
const { createConfig } = require('@skillquiz/webpack-config');

const config = createConfig({
  name: 'mfe_quiz',
  dir: __dirname,
  exposes: { './QuizApp': './src/QuizApp.tsx' },
  devPort: 3101, // `npm run dev`: http://localhost:3101/mf-manifest.json
});

module.exports = (env, argv) => {
  const result = config(env, argv);
  // The log queue's to-function compiles code from strings, which the Content-Security-Policy
  // refuses: use the stand-in (see src/tracking/to-function.cjs).
  result.resolve.alias = {
    ...result.resolve.alias,
    'to-function$': path.join(__dirname, 'src', 'tracking', 'to-function.cjs'),
  };
  return result;
};
