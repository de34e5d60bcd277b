// Finds a Chromium (or Chrome) executable for Playwright. We use the system browser instead of
// `npx playwright install`, so the end-to-end tests run where only the npm registry and the
// distribution's package archive are reachable.
import fs from 'node:fs';

/** Where we look, in order, after CHROMIUM_PATH. */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

function isExecutableFile(candidate) {
  try {
    if (!fs.statSync(candidate).isFile()) return false;
    fs.accessSync(candidate, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first existing executable among CHROMIUM_PATH and the usual install locations, or null.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | null}
 */
export function findChromium(env = process.env) {
  const candidates = [env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].filter(
    (entry) => typeof entry === 'string' && entry !== '',
  );
  return candidates.find(isExecutableFile) ?? null;
}
