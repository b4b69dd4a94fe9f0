import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Runs the two groups of journeys side by side (see vitest.config.ts), each line of their output
 * prefixed with its group, and fails when either fails. Arguments go to both runs (a file filter
 * matches in the group that has it; the other finds nothing and passes).
 */
const groups = ['shared', 'own-server'];
const args = process.argv.slice(2);
const width = Math.max(...groups.map((g) => g.length));
const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = join(dirname(vitestPackage), 'vitest.mjs');

function run(group) {
  const child = spawn(process.execPath, [vitest, 'run', '--project', group, '--passWithNoTests', ...args], {
    cwd: import.meta.dirname,
  });
  const prefix = `[${group.padEnd(width)}] `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  children.push(child);
  // 'close' comes after the last line of the child's output was read ('exit' can come before).
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ group, code, signal })));
}

const children = [];
// A stop of this runner alone (a CI timeout's SIGTERM) stops both runs, which stop their servers.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
const results = await Promise.all(groups.map(run));
const failed = results.filter((r) => r.code !== 0);
for (const r of failed) console.error(`journeys ${r.group}: failed (${r.signal ?? `exit code ${r.code}`})`);
process.exit(failed.length ? 1 : 0);
