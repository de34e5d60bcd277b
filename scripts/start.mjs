// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// in this same process (one process, so Ctrl-C and SIGTERM reach the server's graceful shutdown).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'web', 'index.html');

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function webBuildIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  const inputs = ['web', 'contracts', 'domain', 'vite.config.ts', 'package-lock.json'].map((p) =>
    path.join(root, p),
  );
  return inputs.some((input) => fs.existsSync(input) && newestMtime(input) > built);
}

if (webBuildIsStale()) {
  console.log('Building the web app...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.chdir(root);
register();
await import('../server/main.ts');
