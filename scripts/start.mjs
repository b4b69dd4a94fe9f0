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
// Ctrl-C reaches the whole process group; the server shuts itself and PostgreSQL down, we wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signal === 'SIGTERM') child.kill('SIGTERM');
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
