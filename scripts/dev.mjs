// `npm run dev`: the API server (restarting on change) on :3000 and Vite's dev server with hot reload
// on :5173, which proxies /api to the API server. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', 'server/main.ts'], {
    stdio: 'inherit',
    // The page comes from Vite's origin: let its realtime socket in (the server checks Origin).
    env: {
      REALTIME_ALLOWED_ORIGINS: 'http://localhost:5173,http://localhost:3000',
      ...process.env,
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
