// The one way this repo launches Debian's chromium (Playwright's own browser download does not work
// on these machines): used by playwright.config.ts and by bench/first-question.js. Plain CommonJS so
// the bench, a plain node script, can require it too.
const { execSync } = require('node:child_process');
const fs = require('node:fs');

/** Launch flags that work headless as root (ARCHITECTURE.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** env CHROMIUM_PATH, else chromium (or chromium-browser) from the PATH, else /usr/bin/chromium. */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' })
      .toString()
      .trim();
  } catch {
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'; // a PATH without /usr/bin
    throw new Error(
      'No chromium on the PATH: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH',
    );
  }
}

module.exports = { CHROMIUM_ARGS, chromiumPath };
