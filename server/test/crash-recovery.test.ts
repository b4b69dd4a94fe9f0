import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { SecretBox } from '../src/lib/crypto.ts';
import { issueApiKey } from '../src/modules/integrations/api-keys.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const APP_SECRET = 'crash-test-secret-crash-test-secret-0000';
const dataDir = mkdtempSync(join(tmpdir(), 'overlap-crash-'));
let running: ChildProcess | null = null;

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_SECRET,
      SEED_DEMO: 'false',
      JOBS: 'false',
      DATABASE_URL: '',
      INGEST_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d) => {
    out += d.toString();
  });
  const deadline = Date.now() + 90_000;
  while (!/Overlap is running at/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, child };
}

/** The embedded PostgreSQL of the server: its port is the fourth line of postmaster.pid. */
async function connectToServerDatabase(): Promise<pg.Client> {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const db = new pg.Client({ connectionString: `postgres://overlap:overlap@127.0.0.1:${port}/overlap` });
  await db.connect();
  return db;
}

afterAll(async () => {
  if (running && running.exitCode === null) {
    running.kill('SIGTERM');
    await new Promise((r) => running?.once('exit', r));
  }
});

describe('crash recovery', () => {
  it('keeps every sample that got a 2xx when the server is killed mid-load and restarted', async () => {
    const first = await startServer();
    const db = await connectToServerDatabase();
    const key = issueApiKey(new SecretBox(APP_SECRET));
    const account = await db.query<{ id: string }>(
      `insert into accounts (name, slug, status, onboarding_completed, onboarding_next_action)
       values ('Crash Team', 'crash-team', 'active', true, 'none') returning id`,
    );
    await db.query(
      `insert into integrations (account_id, service_id, name, kind, status, api_key_hash, api_key_encrypted)
       select $1, id, 'Crash source', 'presence', 'active', $2, $3 from services where provider = 'custom'`,
      [account.rows[0]?.id, key.apiKeyHash, key.apiKeyEncrypted],
    );
    await db.end();

    const acknowledged: { personIdentifier: string; at: string }[] = [];
    const base = Date.now() - 6 * 3600_000;
    let sequence = 0;
    let killed = false;
    const worker = async (w: number) => {
      while (!killed) {
        const n = sequence++;
        const at = new Date(base + n * 1000).toISOString();
        const users = Array.from({ length: 20 }, (_, u) => ({
          personIdentifier: `w${w}-u${u}`,
          status: n % 4 === 0 ? 'away' : 'online',
        }));
        try {
          const res = await fetch(`${first.url}/api/v1/presence`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key.apiKey}` },
            body: JSON.stringify({ timestamp: at, source: 'crash-test', users }),
          });
          if (res.ok) for (const u of users) acknowledged.push({ personIdentifier: u.personIdentifier, at });
        } catch {
          return; // connection reset by the kill
        }
      }
    };
    // Events pushed alongside: every acknowledged event is stored after the restart too.
    const acknowledgedEvents: string[] = [];
    const eventWorker = async () => {
      while (!killed) {
        const n = sequence++;
        const events = Array.from({ length: 10 }, (_, e) => ({
          externalId: `ev-${n}-${e}`,
          kind: 'deployment',
          timestamp: new Date(base + n * 1000).toISOString(),
          personIdentifier: `w0-u${e}`,
          title: `Deploy ${n}.${e}`,
        }));
        try {
          const res = await fetch(`${first.url}/api/v1/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key.apiKey}` },
            body: JSON.stringify({ timestamp: new Date().toISOString(), source: 'crash-test', events }),
          });
          if (res.ok) for (const e of events) acknowledgedEvents.push(e.externalId);
        } catch {
          return;
        }
      }
    };
    const load = Promise.all([...[0, 1, 2, 3].map(worker), eventWorker()]);
    await new Promise((r) => setTimeout(r, 2500));
    first.child.kill('SIGKILL');
    killed = true;
    await new Promise((r) => first.child.once('exit', r));
    await load;
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledgedEvents.length).toBeGreaterThan(0);

    const second = await startServer();
    const after = await connectToServerDatabase();
    try {
      // A 2xx means committed to the inbox; the restarted server applies what the killed one did not.
      const deadline = Date.now() + 60_000;
      const waiting = async () => Number((await after.query('select count(*) as n from presence_inbox')).rows[0].n);
      while ((await waiting()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await waiting()).toBe(0);
      const stored = await after.query<{ external_id: string; at: Date }>(
        `select pi.external_id, s.at from presence_samples s
           join person_integrations pi on pi.id = s.person_integration_id`,
      );
      const have = new Set(stored.rows.map((r) => `${r.external_id}@${new Date(r.at).toISOString()}`));
      const missing = acknowledged.filter((a) => !have.has(`${a.personIdentifier}@${a.at}`));
      expect(missing).toEqual([]);
      const events = await after.query<{ external_id: string }>('select external_id from activity_events');
      const storedEvents = new Set(events.rows.map((r) => r.external_id));
      expect(acknowledgedEvents.filter((id) => !storedEvents.has(id))).toEqual([]);
      const health = await fetch(`${second.url}/healthz`);
      expect(health.ok).toBe(true);
    } finally {
      await after.end();
    }
  }, 240_000);
});
