import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { buildWebIfStale } from './web-build.mjs';

/** Runs every test layer in order: server (unit + API on real PostgreSQL), web, then browser e2e. */
const root = resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const layers = [
  { name: 'server', cmd: ['npm', 'test', '-w', 'server'] },
  { name: 'web', cmd: ['npm', 'test', '-w', 'web'] },
  { name: 'e2e', cmd: ['npm', 'test', '-w', 'e2e'], before: () => buildWebIfStale() },
].filter((l) => only.length === 0 || only.includes(l.name));

const failed = [];
for (const layer of layers) {
  console.log(`\n=== ${layer.name} tests ===`);
  layer.before?.();
  const [bin, ...args] = layer.cmd;
  const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(layer.name);
}
if (failed.length) {
  console.error(`\nFailed layers: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll test layers passed.');
