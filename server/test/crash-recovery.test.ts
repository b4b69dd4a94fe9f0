import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/client.ts';
import { SecretBox } from '../src/lib/crypto.ts';
import { issueApiKey } from '../src/modules/integrations/api-keys.ts';
import { INTERRUPTED_RUN_MESSAGE } from '../src/pipeline/interrupted-runs.ts';
import { createAccount, createUser, sessionCookie } from './factories.ts';
import { spawnServer } from './processes.ts';

const APP_SECRET = 'crash-test-secret-crash-test-secret-0000';
const dataDir = mkdtempSync(join(tmpdir(), 'overlap-crash-'));
let running: Server | null = null;

type Server = Awaited<ReturnType<typeof spawnServer>>;

async function startServer(): Promise<Server> {
  const server = await spawnServer(
    ['--import', 'tsx', 'server/src/main.ts'],
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      APP_SECRET,
      SEED_DEMO: 'false',
      JOBS: 'false',
      INGEST_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    { path: dataDir },
  );
  running = server;
  await server.running(90_000);
  return server;
}

const serverDatabaseUrl = () => (running as Server).databaseUrl();

async function connectToServerDatabase(): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: serverDatabaseUrl() });
  await db.connect();
  return db;
}

async function stopRunning(): Promise<void> {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGTERM');
    await running.exited;
  }
}

afterAll(async () => {
  await stopRunning();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

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

  it('stores nothing of a connector run killed mid-way, records it as interrupted, and the next run stores it all', async () => {
    await stopRunning();
    const first = await startServer();
    const before = connectDatabase(serverDatabaseUrl(), { max: 2 });
    const account = await createAccount(before.db, { plan: 'business' });
    const manager = await createUser(before.db, account.id, { role: 'manager', password: null });
    const cookie = await sessionCookie(before.db, manager.id);
    const demo = await before.db.query.services.findFirst({ where: (s, { eq }) => eq(s.provider, 'demo') });
    const call = (base: string, method: string, path: string, body?: object) =>
      fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    // The Demo Data connector is the local provider: its first run stores 90 days in one transaction.
    const created = await call(first.url, 'POST', '/api/v1/integrations', { serviceId: demo?.id, name: 'Crash demo' });
    expect(created.status).toBe(201);
    const integrationId = ((await created.json()) as { id: string }).id;
    const runsOf = async (pool: pg.Pool) =>
      (
        await pool.query<{ id: string; trigger: string; status: string; error_message: string | null }>(
          'select id, trigger, status, error_message from integration_runs where integration_id = $1 order by started_at',
          [integrationId],
        )
      ).rows;
    const [killed] = await until(
      () => runsOf(before.pool),
      (runs) => runs.length === 1,
      'the backfill to start',
    );
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    await before.close();

    const second = await startServer();
    const after = connectDatabase(serverDatabaseUrl(), { max: 2 });
    try {
      const stored = async () =>
        (
          await after.pool.query<{ samples: number; events: number; people: number }>(
            `select (select count(*)::int from presence_samples s
                       join person_integrations pi on pi.id = s.person_integration_id
                      where pi.integration_id = $1) as samples,
                    (select count(*)::int from activity_events where integration_id = $1) as events,
                    (select count(*)::int from person_integrations where integration_id = $1) as people`,
            [integrationId],
          )
        ).rows[0];
      expect(await runsOf(after.pool)).toEqual([
        { id: killed?.id, trigger: 'backfill', status: 'running', error_message: null },
      ]);
      expect(await stored()).toEqual({ samples: 0, events: 0, people: 0 });

      // The next run (a manager starts the integration again) closes the killed one and stores the history.
      expect((await call(second.url, 'POST', `/api/v1/integrations/${integrationId}/deactivate`)).status).toBe(200);
      expect((await call(second.url, 'POST', `/api/v1/integrations/${integrationId}/activate`)).status).toBe(200);
      const runs = await until(
        () => runsOf(after.pool),
        (r) => r.length === 2 && r[1]?.status !== 'running',
        'the next run',
      );
      expect(runs).toEqual([
        { id: killed?.id, trigger: 'backfill', status: 'failed', error_message: INTERRUPTED_RUN_MESSAGE },
        { id: runs[1]?.id, trigger: 'backfill', status: 'success', error_message: null },
      ]);
      const counted = await after.pool.query<{ people_found: number; events_created: number }>(
        'select people_found, events_created from integration_runs where id = $1',
        [runs[1]?.id],
      );
      const now = await stored();
      expect(counted.rows[0]?.people_found).toBe(8);
      expect(now?.people).toBe(8);
      expect(now?.events).toBe(counted.rows[0]?.events_created);
      expect(now?.samples).toBeGreaterThan(10_000);
    } finally {
      await after.close();
    }
  }, 240_000);
});
