import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, migrationsFolder } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { createSession } from '../src/http/session.ts';
import { adminUrl } from './database.ts';

const serverDir = resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function startProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((res, rej) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /Overlap is running at (\S+)/.exec(out);
      if (m?.[1]) res({ url: m[1].replace(/ .*/, ''), child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => rej(new Error(`server exited with ${code}:\n${out}`)));
  });
}

afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
});

describe('several server processes on one database (DATABASE_URL)', () => {
  it('migrate once, seed once, and share sessions', async () => {
    const name = `multi_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      APP_SECRET: 'multi-process-secret-multi-process-secret',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'overlap-multi-')),
      SEED_DEMO: 'false',
    };
    // Started together: migrations and seeding are serialised by an advisory lock.
    const [a, b] = await Promise.all([startProcess({ ...env, ROLE: 'all' }), startProcess({ ...env, ROLE: 'web' })]);
    for (const server of [a, b]) {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });
    }

    const database = connectDatabase(url.toString(), { max: 2 });
    try {
      const migrations = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
      const applied = await database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(migrations);
      const seeded = await database.db.select().from(users);
      expect(seeded.filter((u) => u.role === 'superadmin')).toHaveLength(1);

      // A session made through one process is valid on the other.
      const superadmin = seeded.find((u) => u.role === 'superadmin');
      const token = await createSession(database.db, superadmin?.id as string);
      for (const server of [a, b]) {
        const res = await fetch(`${server.url}/auth/status`, { headers: { cookie: `overlap_session=${token}` } });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { user: { email: string } }).user.email).toBe(superadmin?.email);
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
