// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// in this same process (one process, so Ctrl-C and SIGTERM reach the server's graceful shutdown).
import { spawn } from 'node:child_process';
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

/**
 * Builds the web app quietly: one line that counts the modules as Vite transforms them (a spinner on
 * a terminal), then "done". Vite's own output (hundreds of lines) is shown only if the build fails.
 */
async function buildWebApp() {
  const started = Date.now();
  const tty = process.stdout.isTTY;
  const label = 'Building the web app (first start, or the sources changed)';
  let output = '';
  let modules = 0;
  let frame = 0;
  const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  const draw = () => {
    const seconds = Math.round((Date.now() - started) / 1000);
    const progress = modules > 0 ? `${modules} modules, ${seconds} s` : `${seconds} s`;
    process.stdout.write(`\r${spinner[frame++ % spinner.length]} ${label}... ${progress}\u001b[K`);
  };
  if (tty) draw();
  else process.stdout.write(`${label}... `);
  const timer = tty ? setInterval(draw, 100) : undefined;
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: tty ? '1' : '0' },
    },
  );
  const collect = (chunk) => {
    const text = chunk.toString();
    output += text;
    const counted = /(\d+) modules transformed/.exec(text) ?? /transforming \((\d+)\)/.exec(text);
    if (counted) modules = Math.max(modules, Number(counted[1]));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      output += String(error);
      resolve(1);
    });
    child.on('close', (status) => resolve(status ?? 1));
  });
  if (timer) clearInterval(timer);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (tty) process.stdout.write(`\r${label}: `);
  if (code !== 0) {
    process.stdout.write(`failed (${seconds} s). Vite's output:\n\n`);
    process.stderr.write(output.endsWith('\n') ? output : `${output}\n`);
    process.exit(typeof code === 'number' ? code : 1);
  }
  process.stdout.write(`done (${seconds} s)${tty ? '\u001b[K' : ''}\n`);
}

if (webBuildIsStale()) await buildWebApp();

process.chdir(root);
register();
await import('../server/main.ts');
