import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { activityBlocks, people, personIntegrations } from '../../server/src/db/schema/activity.ts';
import { users } from '../../server/src/db/schema/users.ts';
import * as schema from '../../server/src/db/schema.ts';
import { createSession } from '../../server/src/modules/auth/session.ts';

const TIMEZONES = ['Europe/Berlin', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'America/Los_Angeles'];
const MINUTE = 60_000;

/**
 * The team the dashboard is measured on: a manager and `count` active people of the bench
 * account's first source, each with today's blocks as one-minute presence leaves them (90 minutes
 * on, 30 off over the last 12 hours, the last one still open for every other person). Returns the
 * manager's session cookie.
 */
export async function seedDashboardTeam(pool: pg.Pool, count: number): Promise<{ cookie: string }> {
  const db = drizzle(pool, { schema });
  const source = await pool.query<{ id: string; account_id: string }>(
    'select id, account_id from integrations order by created_at limit 1',
  );
  const integration = source.rows[0];
  if (!integration) throw new Error('the bench account has no source');
  const accountId = integration.account_id;
  const [manager] = await db
    .insert(users)
    .values({ accountId, email: 'manager@bench.example', role: 'manager', emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (!manager) throw new Error('manager not created');

  const now = Date.now();
  const dayStart = now - 12 * 60 * MINUTE;
  for (let i = 0; i < count; i++) {
    const online = i % 2 === 0;
    const timezone = TIMEZONES[i % TIMEZONES.length] as string;
    const [person] = await db
      .insert(people)
      .values({
        accountId,
        name: `Teammate ${String(i + 1).padStart(2, '0')}`,
        status: 'active',
        personIdentifier: `bench-${i + 1}`,
        timezoneAutomatic: timezone,
        isOnline: online,
        lastSeenAt: new Date(now - (online ? 0 : 45 * MINUTE)),
      })
      .returning({ id: people.id });
    if (!person) throw new Error('person not created');
    const [link] = await db
      .insert(personIntegrations)
      .values({ accountId, personId: person.id, integrationId: integration.id, externalId: `bench-${i + 1}` })
      .returning({ id: personIntegrations.id });
    if (!link) throw new Error('person link not created');
    const blocks: (typeof activityBlocks.$inferInsert)[] = [];
    // Staggered starts so the rows differ; each block 90 minutes, then 30 off.
    for (let start = dayStart + (i % 6) * 10 * MINUTE; start < now; start += 120 * MINUTE) {
      const end = start + 90 * MINUTE;
      const open = online && end >= now;
      const last = Math.min(end, now);
      blocks.push({
        accountId,
        personId: person.id,
        personIntegrationId: link.id,
        integrationId: integration.id,
        startTime: new Date(start),
        endTime: open ? null : new Date(last),
        lastSampleAt: new Date(last),
        timezoneAtStart: timezone,
      });
    }
    if (blocks.length > 0) await db.insert(activityBlocks).values(blocks);
  }
  return { cookie: `overlap_session=${await createSession(db, manager.id)}` };
}
