import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const distIndex = join(root, 'web/dist/index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when web/dist is missing or older than any web or contract source. */
export function webBuildIsStale() {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  const sources = [
    'web/src',
    'web/index.html',
    'web/public',
    'web/vite.config.ts',
    'contract/src',
    'package-lock.json',
  ];
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

export function buildWebIfStale({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return;
  console.log('Building the web app...');
  // Always a production build: a caller's NODE_ENV (vitest sets `test`) would make Vite bundle React's
  // development build, several times larger and slower.
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web build failed.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale({ force: process.argv.includes('--force') });
