import { z } from 'zod';
import { pageQuery, pagination } from './common.ts';

export const paths = { auditLog: '/api/v1/account/audit-log' } as const;

export const AUDIT_PAGE_SIZE = 25;

export const auditLogQuery = pageQuery(AUDIT_PAGE_SIZE).extend({
  impersonated: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true')
    .describe('true: only what operators did while impersonating'),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.uuid(),
  action: z
    .string()
    .describe("What was done: 'account.renamed', 'operator.limits_changed', 'POST /api/v1/people/:id' ..."),
  createdAt: z.string(),
  actorEmail: z.string().nullable().describe('The signed-in user (while impersonating: the impersonated user)'),
  operatorEmail: z.string().nullable().describe('The operator who acted, when it was an operator'),
  impersonated: z.boolean(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({ entries: z.array(auditEntry), pagination });
export type AuditLogPage = z.infer<typeof auditLogPage>;
