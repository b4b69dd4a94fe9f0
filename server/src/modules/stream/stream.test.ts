import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInManager } from '../../../test/factories.ts';
import { createDeps } from '../../app/bootstrap.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { type App, buildApp } from '../../http/app.ts';
import { liveHubs } from './live-hub.ts';

let a: TestApp;
let b: App;
let bDatabase: Database;
let urlA: string;
let urlB: string;

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  a = await createTestApp();
  // A second server on the same database, as a second process would be.
  bDatabase = connectDatabase(a.deps.database.url, { max: 2 });
  const depsB = createDeps(a.deps.config, bDatabase, () => {});
  b = await buildApp(depsB, { logger: false });
  urlA = await listen(a.app);
  urlB = await listen(b);
});

afterAll(async () => {
  await b.close();
  await bDatabase.close();
  await a.close();
});

/** Opens the event stream and yields parsed `{event, data}` messages. */
async function openStream(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/stream`, { headers: { cookie }, signal: controller.signal });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  async function next(timeoutMs = 5000): Promise<{ event: string; data: { topic: string; at: string } }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(chunk)?.[1];
        const data = /^data: (.*)$/m.exec(chunk)?.[1];
        if (event && data) return { event, data: JSON.parse(data) };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message in time');
      const read = await Promise.race([
        reader?.read(),
        new Promise<never>((_, rej) => setTimeout(() => rej(new Error('no message in time')), left)),
      ]);
      if (!read || read.done) throw new Error('stream ended');
      buffer += decoder.decode(read.value, { stream: true });
    }
  }
  return { res, next, close: () => controller.abort() };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('GET /api/v1/stream', () => {
  it('relays a change published by one server to an event-stream client of another, for its account only', async () => {
    const mine = await signedInManager(a.db);
    const other = await signedInManager(a.db);
    const stream = await openStream(urlB, mine.cookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect((await stream.next()).event).toBe('ready');

    await a.deps.notify(other.account.id, 'presence');
    await a.deps.notify(mine.account.id, 'presence');
    const message = await stream.next();
    expect(message.event).toBe('change');
    expect(message.data.topic).toBe('presence');

    await a.deps.notify(mine.account.id, 'blocks');
    expect((await stream.next()).data.topic).toBe('blocks');
    stream.close();
  });

  it('serves several clients of one process from a single listening connection and cleans up on disconnect', async () => {
    const { account, cookie } = await signedInManager(a.db);
    const hub = liveHubs.get(a.deps);
    const before = hub?.subscriberCount ?? 0;
    const listening = async () =>
      (
        await a.deps.database.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
        )
      ).rows[0]?.n;
    const one = await openStream(urlA, cookie);
    await one.next();
    const withOne = await listening();
    const two = await openStream(urlA, cookie);
    await two.next();
    expect(hub?.subscriberCount).toBe(before + 2);
    // The second client of the same process adds no listening connection: one per process.
    expect(withOne).toBeGreaterThanOrEqual(1);
    expect(await listening()).toBe(withOne);
    await a.deps.notify(account.id, 'people');
    expect((await one.next()).data.topic).toBe('people');
    expect((await two.next()).data.topic).toBe('people');
    one.close();
    two.close();
    expect(await waitFor(() => hub?.subscriberCount === before)).toBe(true);
  });

  it('refuses a visitor without a session', async () => {
    const res = await fetch(`${urlA}/api/v1/stream`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Authentication required');
  });
});
