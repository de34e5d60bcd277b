// `npm run test:e2e` step 1: make sure a Chromium the end-to-end tests can drive is installed.
// Prints its path when found. As root on Debian it installs the `chromium` package with apt-get;
// anywhere else it explains what to do. (Never `npx playwright install`: it needs the internet.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './lib/find-chromium.mjs';

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    return false;
  }
  return result.status === 0;
}

let found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = fs.existsSync('/etc/debian_version');

if (isRoot && isDebian) {
  console.log('No Chromium found; installing Debian\'s "chromium" package...');
  if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium'])) {
    found = findChromium();
    if (found) {
      console.log(`Chromium: ${found}`);
      process.exit(0);
    }
  }
}

console.error(
  [
    'The end-to-end tests need a Chromium browser, and none was found.',
    `Looked at: ${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH (${process.env.CHROMIUM_PATH}), ` : ''}/usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome, /usr/bin/google-chrome-stable.`,
    'To fix it, either:',
    "  - install Debian's chromium package: sudo apt-get update && sudo apt-get install -y chromium",
    '  - or set CHROMIUM_PATH to a Chromium or Chrome executable: CHROMIUM_PATH=/path/to/chrome npm run test:e2e',
  ].join('\n'),
);
process.exit(1);
