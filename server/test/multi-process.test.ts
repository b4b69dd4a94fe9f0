import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, migrationsFolder } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { SecretBox } from '../src/lib/crypto.ts';
import { createSession } from '../src/modules/auth/session.ts';
import { issueApiKey } from '../src/modules/integrations/api-keys.ts';
import { adminUrl } from './database.ts';

const serverDir = resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
/** What the tests made beside their processes, removed once those have exited. */
const databases: string[] = [];
const dataDirs: string[] = [];

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

/** A new empty database, and the settings every process started on it shares. */
async function newDatabase() {
  const name = `multi_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'overlap-multi-'));
  dataDirs.push(dataDir);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    APP_SECRET: 'multi-process-secret-multi-process-secret',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
  };
  return { url, env };
}

afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('several server processes on one database (DATABASE_URL)', () => {
  it('migrate once, seed once, share sessions and apply presence pushed to both', async () => {
    const { url, env } = await newDatabase();
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

      // Presence pushed to both processes at once: whichever pump holds the inbox applies it, the
      // other waits its turn, and every acknowledged sample ends up in exactly one set of blocks.
      const key = issueApiKey(new SecretBox(env.APP_SECRET));
      await database.pool.query(
        `insert into integrations (account_id, service_id, name, kind, status, api_key_hash, api_key_encrypted)
         select a.id, s.id, 'Shared source', 'presence', 'active', $1, $2
           from accounts a, services s where s.provider = 'custom' limit 1`,
        [key.apiKeyHash, key.apiKeyEncrypted],
      );
      const base = Date.now() - 3 * 3_600_000;
      const pushes = Array.from({ length: 40 }, (_, n) => {
        const server = n % 2 === 0 ? a : b;
        const users = Array.from({ length: 10 }, (_, u) => ({
          personIdentifier: `mp-${u}`,
          status: n % 10 === 9 ? 'away' : 'online',
        }));
        return fetch(`${server.url}/api/v1/presence`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key.apiKey}` },
          body: JSON.stringify({ timestamp: new Date(base + n * 60_000).toISOString(), source: 'mp', users }),
        });
      });
      const answers = await Promise.all(pushes);
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
      const waiting = async () =>
        (await database.pool.query('select count(*)::int as n from presence_inbox')).rows[0].n;
      for (let i = 0; i < 300 && (await waiting()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await waiting()).toBe(0);
      const samples = await database.pool.query('select count(*)::int as n from presence_samples');
      expect(samples.rows[0].n).toBe(400);
      // Every person: online for 9 minutes, away at the 10th, four times over: four blocks each.
      const blocks = await database.pool.query(
        `select pi.external_id, count(*)::int as n from activity_blocks b
           join person_integrations pi on pi.id = b.person_integration_id group by pi.external_id`,
      );
      expect(blocks.rows).toHaveLength(10);
      expect(blocks.rows.every((r: { n: number }) => r.n === 4)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('the per-key push rate limit across server processes', () => {
  it('admits exactly the limit per minute when requests of one key reach two processes at once', async () => {
    const { url, env: shared } = await newDatabase();
    const env = {
      ...shared,
      JOBS: 'false',
      INGEST_RATE_LIMIT_PER_MINUTE: '30',
    };
    const [a, b] = await Promise.all([startProcess({ ...env, ROLE: 'all' }), startProcess({ ...env, ROLE: 'web' })]);
    const database = connectDatabase(url.toString(), { max: 2 });
    try {
      const key = issueApiKey(new SecretBox(env.APP_SECRET));
      await database.pool.query(
        `insert into integrations (account_id, service_id, name, kind, status, api_key_hash, api_key_encrypted)
         select a.id, s.id, 'Limited source', 'presence', 'active', $1, $2
           from accounts a, services s where s.provider = 'custom' limit 1`,
        [key.apiKeyHash, key.apiKeyEncrypted],
      );
      // All 50 requests must fall in one one-minute window: start early in a minute.
      while (new Date().getSeconds() > 40) await new Promise((r) => setTimeout(r, 500));
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          fetch(`${(n % 2 === 0 ? a : b).url}/api/v1/presence`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key.apiKey}` },
            body: JSON.stringify({
              timestamp: new Date(Date.now() - 3_600_000 + n * 60_000).toISOString(),
              source: 'limit',
              users: [{ personIdentifier: 'rl-1', status: 'online' }],
            }),
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const refused = answers.find((r) => r.status === 429);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const counter = await database.pool.query('select sum(count)::int as n from api_rate_limits');
      expect(counter.rows[0].n).toBe(50);
      const runs = await database.pool.query(
        `select count(*)::int as n from integration_runs where status = 'success'`,
      );
      expect(runs.rows[0].n).toBe(30);
    } finally {
      await database.close();
    }
  }, 120_000);
});
