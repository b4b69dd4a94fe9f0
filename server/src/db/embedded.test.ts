import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const dirs: string[] = [];
/** A fresh folder for a database, removed after the file's tests (each holds about 40 MB). */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'overlap-embedded-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

describe('embedded PostgreSQL', () => {
  it('starts, stops, restarts on the same data and survives a stale postmaster.pid', async () => {
    const dataDir = join(tempDir(), 'pg');
    const first = await startEmbeddedPostgres(dataDir);
    await query(first.url, "create table kept (v text); insert into kept values ('still here')");
    await first.stop();

    const second = await startEmbeddedPostgres(dataDir);
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await second.stop();

    // What a crash leaves behind: a pid file naming a process that no longer exists.
    writeFileSync(join(dataDir, 'postmaster.pid'), '999999\n/tmp\n0\n5432\n');
    const third = await startEmbeddedPostgres(dataDir);
    expect(await query(third.url, 'select count(*)::int as n from kept')).toEqual([{ n: 1 }]);
    await third.stop();
  }, 120_000);

  it('makes every stop() caller wait until PostgreSQL is gone, the second one too', async () => {
    const dataDir = join(tempDir(), 'pg');
    const db = await startEmbeddedPostgres(dataDir);
    // Dirty pages for the shutdown checkpoint to write.
    await query(db.url, 'create table kept (n int); insert into kept select generate_series(1, 200000)');
    void db.stop();
    await db.stop();
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('stops on stopNow alone (immediate shutdown) and keeps every committed row', async () => {
    const dataDir = join(tempDir(), 'pg');
    const first = await startEmbeddedPostgres(dataDir);
    await query(first.url, 'create table kept (n int); insert into kept select generate_series(1, 50000)');
    first.stopNow();
    for (let i = 0; i < 300 && existsSync(join(dataDir, 'postmaster.pid')); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
    await first.stop();
    const second = await startEmbeddedPostgres(dataDir);
    expect(await query(second.url, 'select count(*)::int as n from kept')).toEqual([{ n: 50000 }]);
    await second.stop();
  }, 120_000);

  it('takes over the data directory when the process that ran PostgreSQL was killed', async () => {
    const dataDir = join(tempDir(), 'pg');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/start-embedded.ts', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d) => {
        out += d.toString();
        const m = /READY (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`child exited early: ${out}`)));
    });
    await query(url, 'create table orphan_check (v int); insert into orphan_check values (42)');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const next = await startEmbeddedPostgres(dataDir);
    expect(await query(next.url, 'select v from orphan_check')).toEqual([{ v: 42 }]);
    await next.stop();
  }, 120_000);
});
