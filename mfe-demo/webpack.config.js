// The demo remote: exposes the demo sidebar the quiz pages mount (through the shell's DemoSidebar prop).
const { createConfig } = require('@skillquiz/webpack-config');

module.exports = createConfig({
  name: 'mfe_demo',
  dir: __dirname,
  exposes: { './DemoSidebar': './src/components/DemoSidebar.tsx' },
  devPort: 3102, // `npm run dev`: http://localhost:3102/ (standalone) and /mf-manifest.json
});
