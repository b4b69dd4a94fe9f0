import type {
  AdminService,
  createServiceBody,
  ServiceIntegration,
  updateServiceBody,
} from '@overlap/contract/service-admin';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../core/context.ts';
import { AppError, type ErrorCode, notFound } from '../../core/errors.ts';
import { providerTraits } from '../../core/providers.ts';
import { services } from '../../db/schema/integrations.ts';
import { insertAudit } from '../audit/queries.ts';
import { requireOperator } from './operator.ts';
import {
  selectService,
  selectServiceByProvider,
  selectServiceIntegrations,
  selectServices,
} from './service-queries.ts';

type CreateInput = z.output<typeof createServiceBody>;
type UpdateInput = z.output<typeof updateServiceBody>;

const refuse = (message: string, code: ErrorCode) => new AppError(409, code, message, { error: message });
const providerTaken = (provider: string) =>
  refuse(`A service for the provider '${provider}' already exists.`, 'PROVIDER_TAKEN');

async function auditService(ctx: Ctx, action: string, serviceId: string, details: Record<string, unknown>) {
  await insertAudit(ctx.db, {
    accountId: null,
    actorUserId: ctx.userId,
    impersonatorUserId: null,
    action,
    targetType: 'service',
    targetId: serviceId,
    details,
    ip: ctx.ip,
  });
}

async function requireService(ctx: Ctx, id: string): Promise<AdminService> {
  const service = await selectService(ctx.db, id);
  if (!service) throw notFound('Service');
  return service;
}

export async function listServices(ctx: Ctx): Promise<AdminService[]> {
  requireOperator(ctx);
  return selectServices(ctx.db);
}

export async function getService(ctx: Ctx, id: string): Promise<AdminService> {
  requireOperator(ctx);
  return requireService(ctx, id);
}

/** A known provider keeps its catalogue category (chat counts against the free plan); others are development tools. */
const categoryOf = (provider: string) => providerTraits(provider)?.category ?? 'development';

export async function createService(ctx: Ctx, input: CreateInput): Promise<AdminService> {
  requireOperator(ctx);
  if (await selectServiceByProvider(ctx.db, input.provider)) throw providerTaken(input.provider);
  const [row] = await ctx.db
    .insert(services)
    .values({ ...input, category: input.category ?? categoryOf(input.provider) })
    .onConflictDoNothing({ target: services.provider })
    .returning({ id: services.id });
  if (!row) throw providerTaken(input.provider);
  await auditService(ctx, 'service.created', row.id, { name: input.name, provider: input.provider });
  return requireService(ctx, row.id);
}

/**
 * Changes any of a service's fields. The provider of a service that has integrations stays (its
 * integrations are run by that provider's connector).
 */
export async function updateService(ctx: Ctx, id: string, patch: UpdateInput): Promise<AdminService> {
  requireOperator(ctx);
  const before = await requireService(ctx, id);
  if (patch.provider !== undefined && patch.provider !== before.provider) {
    if (before.integrationsCount > 0) {
      throw refuse('The provider of a service that has integrations cannot change.', 'SERVICE_IN_USE');
    }
    if (await selectServiceByProvider(ctx.db, patch.provider)) throw providerTaken(patch.provider);
  }
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  try {
    await ctx.db
      .update(services)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(services.id, id));
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === '23505' && patch.provider)
      throw providerTaken(patch.provider);
    throw err;
  }
  await auditService(ctx, 'service.updated', id, { fields: Object.keys(changes) });
  return requireService(ctx, id);
}

/** Deletes a service nobody uses; one with integrations is disabled instead. */
export async function deleteService(ctx: Ctx, id: string): Promise<{ success: true; message: string }> {
  requireOperator(ctx);
  const service = await requireService(ctx, id);
  if (service.integrationsCount > 0) {
    const n = service.integrationsCount;
    throw refuse(
      `${service.name} has ${n} integration${n === 1 ? '' : 's'}. Disable it instead, or delete ${n === 1 ? 'it' : 'them'} first.`,
      'SERVICE_IN_USE',
    );
  }
  try {
    await ctx.db.delete(services).where(eq(services.id, id));
  } catch (err) {
    // An integration was added since the check above.
    if ((err as { cause?: { code?: string } }).cause?.code === '23503') {
      throw refuse(`${service.name} has integrations. Disable it instead, or delete them first.`, 'SERVICE_IN_USE');
    }
    throw err;
  }
  await auditService(ctx, 'service.deleted', id, { name: service.name, provider: service.provider });
  return { success: true, message: `${service.name} deleted` };
}

export async function listServiceIntegrations(ctx: Ctx, id: string): Promise<ServiceIntegration[]> {
  requireOperator(ctx);
  await requireService(ctx, id);
  return selectServiceIntegrations(ctx.db, id);
}
