import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { buildWebIfStale } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
buildWebIfStale();

const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Every stop reaches the server, which shuts itself and PostgreSQL down within 5 s; we wait for it.
// (Ctrl-C reaches the whole group, so the server may get SIGINT twice: it stops once.)
let stopping = false;
const stop = (signal) => {
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `npm start` runs us through a shell that may die of SIGTERM without passing it on: losing our
// parent is a stop too, so the server never outlives the command that started it.
const parent = process.ppid;
setInterval(() => {
  if (!stopping && process.ppid !== parent) stop('SIGTERM');
}, 500).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
