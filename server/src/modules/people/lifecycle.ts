import { isIanaTimeZone } from '@overlap/contract/ingest';
import { PERSON_NAME_MAX } from '@overlap/contract/people';
import { and, eq, sql } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { badRequest, conflict, fieldError, notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { type PersonStatus, people } from '../../db/schema/activity.ts';
import { refreshRollups } from '../../engine/rollups.ts';
import { discardWaitingPresence, holdPresenceInbox } from '../../pipeline/presence-inbox.ts';
import { assertRoomForActivePerson, lockPeopleQuota } from './quota.ts';

export interface LifecycleResult {
  id: string;
  status: PersonStatus;
}

export interface ReviveInput {
  name: string;
  personIdentifier?: string | null;
  timezone?: string | null;
}

/** Locks one person of the account for the rest of the transaction; another account's id is a 404. */
async function lockPerson(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(people)
    .where(and(eq(people.id, id), eq(people.accountId, accountId)))
    .for('update');
  if (!row) throw notFound('Person');
  return row;
}

/** Activates an unassigned person (spec 001 §5): a name is required; refused at the plan's maxPeople. */
export async function revivePerson(ctx: Ctx, id: string, input: ReviveInput): Promise<LifecycleResult> {
  requireRole(ctx, 'manager');
  const name = input.name?.trim() ?? '';
  if (!name) throw fieldError('name', 'is required');
  if (name.length > PERSON_NAME_MAX) throw fieldError('name', `must be at most ${PERSON_NAME_MAX} characters`);
  const timezone = input.timezone?.trim() || null;
  if (timezone && !isIanaTimeZone(timezone)) {
    throw fieldError('timezone', 'must be an IANA timezone such as America/New_York');
  }
  const identifier = input.personIdentifier?.trim() || null;
  const result = await ctx.db.transaction(async (tx) => {
    // One account row lock serialises activations, so two at once cannot pass the limit together.
    const quota = await lockPeopleQuota(tx, ctx.accountId);
    const person = await lockPerson(tx, ctx.accountId, id);
    if (person.status !== 'unassigned') throw conflict('Only unassigned people can be activated.');
    assertRoomForActivePerson(quota);
    await tx
      .update(people)
      .set({
        status: 'active',
        name,
        personIdentifier: identifier ?? person.personIdentifier,
        timezoneManual: timezone ?? person.timezoneManual,
        updatedAt: new Date(),
      })
      .where(eq(people.id, id));
    return { id, status: 'active' as const };
  });
  await ctx.deps.notify(ctx.accountId, 'people');
  return result;
}

/**
 * Merges a person into another person of the account in ONE transaction: every person-integration
 * (with its samples), block and event moves to the target, rollups of the target are recomputed,
 * and the source person is deleted. Irreversible.
 */
export async function mergePerson(ctx: Ctx, id: string, targetPersonId: string): Promise<LifecycleResult> {
  requireRole(ctx, 'manager');
  if (id === targetPersonId)
    throw badRequest('A person cannot be merged into itself.', [
      { field: 'targetPersonId', message: 'must be another person' },
    ]);
  const result = await ctx.db.transaction(async (tx) => {
    // The pump's rounds first (before any row lock, as they do): a round takes inbox rows, then
    // waits for the people this merge locks, while the merge's move of the events updates those
    // same inbox rows (a deadlock), and a round that waited would drop the samples of the source's
    // identities as deleted. Rounds wait until the merge commits.
    await holdPresenceInbox(tx);
    // Lock both in id order, so two opposite merges cannot deadlock.
    const [first, second] = [id, targetPersonId].sort() as [string, string];
    const locked = new Map([
      [first, await lockPerson(tx, ctx.accountId, first)],
      [second, await lockPerson(tx, ctx.accountId, second)],
    ]);
    const source = locked.get(id);
    const target = locked.get(targetPersonId);
    if (!source || !target) throw notFound('Person');
    if (target.status === 'ignored') throw conflict('People cannot be merged into an ignored person.');
    // Events are written without a lock on their person, under a key-share lock on their
    // person-integration (events-push-commit.ts, storeEvents). Locking the source's
    // person-integrations waits for the events being written for them, so the move below sees
    // them, and makes the writes that come later wait and then read the target.
    await tx.execute(sql`select id from person_integrations where person_id = ${id} order by id for update`);

    const range = await tx.execute<{ first: Date | null }>(sql`
      select least((select min(start_time) from activity_blocks where person_id = ${id}),
                   (select min(timestamp) from activity_events where person_id = ${id})) as first`);
    await tx.execute(
      sql`update activity_blocks set person_id = ${targetPersonId}, updated_at = now() where person_id = ${id}`,
    );
    await tx.execute(sql`update activity_events set person_id = ${targetPersonId} where person_id = ${id}`);
    await tx.execute(
      sql`update person_integrations set person_id = ${targetPersonId}, updated_at = now() where person_id = ${id}`,
    );
    await tx.execute(sql`delete from activity_predictions where person_id = ${id}`);
    await tx
      .update(people)
      .set({
        isOnline: target.isOnline || source.isOnline,
        lastSeenAt:
          source.lastSeenAt && (!target.lastSeenAt || source.lastSeenAt > target.lastSeenAt)
            ? source.lastSeenAt
            : target.lastSeenAt,
        email: target.email ?? source.email,
        timezoneAutomatic: target.timezoneAutomatic ?? source.timezoneAutomatic,
        updatedAt: new Date(),
      })
      .where(eq(people.id, targetPersonId));
    await tx.delete(people).where(eq(people.id, id));
    const from = range.rows[0]?.first;
    if (from) await refreshRollups(tx, [targetPersonId], new Date(from), new Date());
    return { id: targetPersonId, status: target.status };
  });
  await ctx.deps.notify(ctx.accountId, 'people');
  return result;
}

/**
 * Ignores a person: permanently deletes their blocks, events, predictions, samples and rollups,
 * and frees their place in the plan. Their identities stay known, so later data of theirs is
 * acknowledged and discarded until they are resurrected.
 */
export async function ignorePerson(ctx: Ctx, id: string): Promise<LifecycleResult> {
  requireRole(ctx, 'manager');
  const result = await ctx.db.transaction(async (tx) => {
    await holdPresenceInbox(tx);
    await lockPerson(tx, ctx.accountId, id);
    await ignoreLocked(tx, id);
    return { id, status: 'ignored' as const };
  });
  await ctx.deps.notify(ctx.accountId, 'people');
  return result;
}

/**
 * Ignores one person whose row the caller has locked (with the presence inbox held): their
 * activity data goes, their identities stay known.
 */
export async function ignoreLocked(tx: Tx, id: string): Promise<void> {
  await discardWaitingPresence(
    tx,
    sql`person_integration_id in (select pi.id from person_integrations pi where pi.person_id = ${id})`,
  );
  await tx.execute(sql`delete from activity_blocks where person_id = ${id}`);
  await tx.execute(sql`delete from activity_events where person_id = ${id}`);
  await tx.execute(sql`delete from activity_predictions where person_id = ${id}`);
  await tx.execute(sql`delete from person_daily_rollups where person_id = ${id}`);
  await tx.execute(sql`
    delete from presence_samples s using person_integrations pi
     where pi.id = s.person_integration_id and pi.person_id = ${id}`);
  await tx.update(people).set({ status: 'ignored', isOnline: false, updatedAt: new Date() }).where(eq(people.id, id));
}

/** Moves an ignored person back to unassigned; tracking resumes with their next data. */
export async function resurrectPerson(ctx: Ctx, id: string): Promise<LifecycleResult> {
  requireRole(ctx, 'manager');
  const result = await ctx.db.transaction(async (tx) => {
    const person = await lockPerson(tx, ctx.accountId, id);
    if (person.status !== 'ignored') throw conflict('Only ignored people can be moved back to unassigned.');
    await tx.update(people).set({ status: 'unassigned', updatedAt: new Date() }).where(eq(people.id, id));
    return { id, status: 'unassigned' as const };
  });
  await ctx.deps.notify(ctx.accountId, 'people');
  return result;
}
