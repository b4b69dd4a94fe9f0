import type { PatchPersonInput, PersonActionResult, ReviveInput } from '@overlap/contract/people';
import { sql } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { ignorePerson, mergePerson, resurrectPerson, revivePerson } from './lifecycle.ts';
import { findPersonRow, toPerson } from './person-queries.ts';
import { assertRoomForActivePerson, lockPeopleQuota } from './quota.ts';

async function resultFor(ctx: Ctx, id: string, message: string): Promise<PersonActionResult> {
  const row = await findPersonRow(ctx.db, ctx.accountId, id);
  return { success: true, message, person: row ? toPerson(row) : null };
}

export async function revive(ctx: Ctx, id: string, body: ReviveInput): Promise<PersonActionResult> {
  requireRole(ctx, 'manager');
  const done = await revivePerson(ctx, id, body);
  return resultFor(ctx, done.id, 'The person is now active.');
}

export async function merge(ctx: Ctx, id: string, targetPersonId: string): Promise<PersonActionResult> {
  requireRole(ctx, 'manager');
  const done = await mergePerson(ctx, id, targetPersonId);
  return resultFor(ctx, done.id, 'The activity was merged into the person.');
}

export async function ignore(ctx: Ctx, id: string): Promise<PersonActionResult> {
  requireRole(ctx, 'manager');
  const done = await ignorePerson(ctx, id);
  return resultFor(ctx, done.id, 'The person is ignored and their activity data was deleted.');
}

export async function resurrect(ctx: Ctx, id: string): Promise<PersonActionResult> {
  requireRole(ctx, 'manager');
  const done = await resurrectPerson(ctx, id);
  return resultFor(ctx, done.id, 'The person is back among the unassigned people.');
}

/**
 * Edits a person. Activating obeys the plan's maxPeople; ignoring goes through `ignorePerson`, which
 * permanently deletes the person's activity data.
 */
export async function patchPerson(ctx: Ctx, id: string, body: PatchPersonInput): Promise<PersonActionResult> {
  requireRole(ctx, 'manager');
  const { status, ...fields } = body;
  const person = await ctx.db.transaction(async (tx) => {
    // Same lock order as revive (account, then person), so concurrent activations cannot both pass.
    const quota = status === 'active' ? await lockPeopleQuota(tx, ctx.accountId) : null;
    const current = await tx.execute<{ status: string }>(
      sql`select status from people where id = ${id} and account_id = ${ctx.accountId} for update`,
    );
    const row = current.rows[0];
    if (!row) throw notFound('Person');
    if (quota && row.status !== 'active') assertRoomForActivePerson(quota);
    const sets = [sql`updated_at = now()`];
    if (fields.name !== undefined) sets.push(sql`name = ${fields.name}`);
    if (fields.email !== undefined) sets.push(sql`email = ${fields.email}`);
    if (fields.color !== undefined) sets.push(sql`color = ${fields.color}`);
    if (fields.timezone !== undefined) sets.push(sql`timezone_manual = ${fields.timezone}`);
    if (fields.personIdentifier !== undefined) sets.push(sql`person_identifier = ${fields.personIdentifier}`);
    if (status && status !== 'ignored') sets.push(sql`status = ${status}`);
    await tx.execute(sql`update people set ${sql.join(sets, sql`, `)} where id = ${id}`);
    return row;
  });
  if (status === 'ignored' && person.status !== 'ignored') {
    await ignorePerson(ctx, id);
    return resultFor(ctx, id, 'The person is ignored and their activity data was deleted.');
  }
  await ctx.deps.notify(ctx.accountId, 'people');
  return resultFor(ctx, id, 'The person was updated.');
}
