import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { connectionConfig } from '../../server/src/db/client.ts';
import { ensureDatabase, freePort, startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { SecretBox } from '../../server/src/lib/crypto.ts';
import { issueApiKey } from '../../server/src/modules/integrations/api-keys.ts';

/** BENCH_PG_STATEMENTS=1: PostgreSQL keeps per-statement times (pg_stat_statements) for `statementReport`. */
export const STATEMENT_STATS = Boolean(process.env.BENCH_PG_STATEMENTS);

export const repoRoot = resolve(import.meta.dirname, '../..');
const APP_SECRET = 'bench-secret-bench-secret-bench-secret-00';

export interface BenchEnvironment {
  url: string;
  pool: pg.Pool;
  keys: string[];
  /** The server process and PostgreSQL's postmaster, for CPU accounting. */
  serverPid: number;
  postgresPid: number;
  stop(): Promise<void>;
}

/** Embedded PostgreSQL in this process, the real server in its own process (so load and server don't share a CPU loop). */
export async function startBenchEnvironment(
  integrationCount: number,
  options: { serverImports?: string[]; serverNodeArgs?: string[]; onServerOutput?: (text: string) => void } = {},
): Promise<BenchEnvironment> {
  const dir = mkdtempSync(join(tmpdir(), 'overlap-bench-'));
  const database = await startEmbeddedPostgres(join(dir, 'postgres'), {
    settings: STATEMENT_STATS ? { shared_preload_libraries: 'pg_stat_statements' } : {},
  });
  const databaseUrl = await ensureDatabase(database.url, 'overlap');
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.serverNodeArgs ?? []),
      '--import',
      'tsx',
      ...(options.serverImports ?? []).flatMap((m) => ['--import', m]),
      'server/src/main.ts',
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: databaseUrl,
        APP_SECRET,
        SEED_DEMO: 'false',
        JOBS: 'false',
        INGEST_RATE_LIMIT_PER_MINUTE: '100000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const collect = (d: Buffer) => {
    const text = d.toString();
    if (out.length < 100_000) out += text;
    options.onServerOutput?.(text);
    if (process.env.BENCH_SERVER_OUTPUT) process.stderr.write(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 90_000;
  while (!/Overlap is running at/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await database.stop();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const pool = new pg.Pool({ ...connectionConfig(databaseUrl), max: 20 });
  if (STATEMENT_STATS) await pool.query('create extension if not exists pg_stat_statements');
  const secrets = new SecretBox(APP_SECRET);
  const account = await pool.query<{ id: string }>(
    // Many keyed sources and a thousand people: the operator's custom-integrations flag and a raised
    // people limit, as an operator would give such an account (the unassigned cap is 10 x people).
    `insert into accounts (name, slug, status, plan, features, max_people, onboarding_completed, onboarding_next_action)
     values ('Bench Team', 'bench-team', 'active', 'business', '{custom-integrations}', 2000, true, 'none') returning id`,
  );
  const accountId = account.rows[0]?.id;
  const service = await pool.query<{ id: string }>(`select id from services where provider = 'custom'`);
  const keys: string[] = [];
  for (let i = 0; i < integrationCount; i++) {
    const key = issueApiKey(secrets);
    await pool.query(
      `insert into integrations (account_id, service_id, name, kind, status, api_key_hash, api_key_encrypted)
       values ($1, $2, $3, 'presence', 'active', $4, $5)`,
      [accountId, service.rows[0]?.id, `Bench source ${i + 1}`, key.apiKeyHash, key.apiKeyEncrypted],
    );
    keys.push(key.apiKey);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pool,
    keys,
    serverPid: child.pid ?? 0,
    postgresPid: Number(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      await pool.end();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await database.stop();
      // A run leaves about 2 GB of database behind: left in the temporary folder, runs fill the disk.
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** With BENCH_PG_STATEMENTS, starts counting statement times afresh (see `statementReport`). */
export async function resetStatements(pool: pg.Pool): Promise<void> {
  if (STATEMENT_STATS) await pool.query('select pg_stat_statements_reset()');
}

/**
 * With BENCH_PG_STATEMENTS, the statements that took PostgreSQL the most time since the last reset, as a
 * Markdown table (total execution time, calls, mean, rows, the statement's start). Without it, ''.
 */
export async function statementReport(pool: pg.Pool, label: string, limit = 12): Promise<string> {
  if (!STATEMENT_STATS) return '';
  const top = await pool.query<{ total: string; calls: string; mean: string; rows: string; text: string }>(
    `select round(total_exec_time::numeric, 1) as total, calls, round((total_exec_time / calls)::numeric, 3) as mean,
            rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as text
       from pg_stat_statements
      where query not like '%pg_stat_statements%'
      order by total_exec_time desc limit $1`,
    [limit],
  );
  const lines = [
    `\nPostgreSQL statements, ${label}\n`,
    '| total ms | calls | mean ms | rows | statement |',
    '| ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of top.rows) {
    lines.push(`| ${r.total} | ${r.calls} | ${r.mean} | ${r.rows} | \`${r.text.replaceAll('|', '\\|')}\` |`);
  }
  return lines.join('\n');
}
