import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Regenerates the Drizzle migrations and the OpenAPI document; fails when either differs from git. */
const root = resolve(import.meta.dirname, '..');
const run = (cmd, args, cwd = root) => {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npx', ['drizzle-kit', 'generate', '--name', 'ci_check'], resolve(root, 'server'));
run('npx', ['tsx', 'server/src/scripts/write-openapi.ts']);
const diff = spawnSync('git', ['status', '--porcelain', '--', 'server/src/db/migrations', 'docs/openapi.json'], {
  cwd: root,
  encoding: 'utf8',
});
if (diff.stdout.trim()) {
  console.error(`Generated files differ from the committed ones:\n${diff.stdout}`);
  console.error('Run `npm run db:generate` and `npx tsx server/src/scripts/write-openapi.ts`, then commit.');
  process.exit(1);
}
console.log('Generated migrations and OpenAPI document are up to date.');
