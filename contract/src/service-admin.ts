import { z } from 'zod';

/** Sync interval choices of a service, in minutes (spec 001 §9). */
export const SERVICE_INTERVALS = [1, 2, 5, 10, 20, 30, 60] as const;
export const DEFAULT_SERVICE_INTERVAL = 5;

const fieldTypes = ['string', 'number', 'integer', 'boolean', 'select'] as const;

const finite = z.number({ message: 'must be a number' });

/** One configuration field of a service (spec 001 §3 Service.configSchema). */
export const configField = z
  .object({
    type: z.enum(fieldTypes, { message: `must be one of: ${fieldTypes.join(', ')}` }),
    label: z.string({ message: 'must be text' }).max(200).optional(),
    title: z.string({ message: 'must be text' }).max(200).optional(),
    description: z.string({ message: 'must be text' }).max(2000).optional(),
    placeholder: z.string({ message: 'must be text' }).max(200).optional(),
    default: z
      .union([z.string(), z.number(), z.boolean()], { message: 'must be text, a number or true/false' })
      .optional(),
    password: z.boolean({ message: 'must be true or false' }).optional(),
    min: finite.optional(),
    max: finite.optional(),
    minimum: finite.optional(),
    maximum: finite.optional(),
    options: z
      .array(
        z.object({
          value: z.union([z.string(), z.number()], { message: 'must be text or a number' }),
          label: z.string({ message: 'must be text' }).max(200),
        }),
        { message: 'must be a list of {value, label}' },
      )
      .max(200)
      .optional(),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (field.type === 'select' && (!field.options || field.options.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select field needs at least one option' });
    }
    const low = field.minimum ?? field.min;
    const high = field.maximum ?? field.max;
    if (low !== undefined && high !== undefined && low > high) {
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'must not be below the minimum' });
    }
  });
export type ConfigField = z.infer<typeof configField>;

/**
 * A service's configuration schema: a JSON Schema object of the shape the spec describes
 * (`properties` of the five field types and a `required` list naming some of them), or `{}`.
 */
export const configSchema = z
  .object({
    type: z.literal('object', { message: "must be 'object'" }).optional(),
    properties: z
      .record(
        z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'field names are letters, digits and _ (at most 64)'),
        configField,
        { message: 'must be an object of fields' },
      )
      .optional(),
    required: z.array(z.string(), { message: 'must be a list of field names' }).optional(),
  })
  .strict()
  .superRefine((schema, ctx) => {
    const names = new Set(Object.keys(schema.properties ?? {}));
    if (names.size > 100) ctx.addIssue({ code: 'custom', path: ['properties'], message: 'at most 100 fields' });
    for (const [i, name] of (schema.required ?? []).entries()) {
      if (!names.has(name))
        ctx.addIssue({ code: 'custom', path: ['required', i], message: `'${name}' is not a field` });
    }
  });
export type ConfigSchema = z.infer<typeof configSchema>;

export const serviceCategories = ['chat', 'development', 'management'] as const;

export const adminService = z
  .object({
    id: z.uuid(),
    name: z.string(),
    provider: z.string(),
    category: z.enum(serviceCategories),
    description: z.string(),
    enabled: z.boolean(),
    tokenAuthentication: z.boolean(),
    intervalMinutes: z.number().int(),
    configSchema: z.record(z.string(), z.unknown()),
    docs_url: z.string().nullable(),
    integrationsCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminService' });
export type AdminService = z.infer<typeof adminService>;
export const adminServices = z.array(adminService);

const name = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');
const provider = z
  .string({ message: 'is required' })
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(50, 'must be at most 50 characters')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, - or _ (for example gitlab)');
const description = z.string({ message: 'must be text' }).max(20_000, 'must be at most 20000 characters');
const intervalMinutes = z
  .number({ message: `must be one of ${SERVICE_INTERVALS.join(', ')} minutes` })
  .refine((v) => (SERVICE_INTERVALS as readonly number[]).includes(v), {
    message: `must be one of ${SERVICE_INTERVALS.join(', ')} minutes`,
  });

export const createServiceBody = z.object({
  name,
  provider,
  description: description.optional().default(''),
  category: z.enum(serviceCategories, { message: 'must be one of: chat, development, management' }).optional(),
  configSchema: configSchema.optional().default({}),
  enabled: z.boolean({ message: 'must be true or false' }).optional().default(true),
  tokenAuthentication: z.boolean({ message: 'must be true or false' }).optional().default(false),
  intervalMinutes: intervalMinutes.optional().default(DEFAULT_SERVICE_INTERVAL),
});
export type CreateServiceBody = z.input<typeof createServiceBody>;

export const updateServiceBody = z
  .object({
    name: name.optional(),
    provider: provider.optional(),
    description: description.optional(),
    category: z.enum(serviceCategories, { message: 'must be one of: chat, development, management' }).optional(),
    configSchema: configSchema.optional(),
    enabled: z.boolean({ message: 'must be true or false' }).optional(),
    tokenAuthentication: z.boolean({ message: 'must be true or false' }).optional(),
    intervalMinutes: intervalMinutes.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'name at least one field to change',
  });
export type UpdateServiceBody = z.input<typeof updateServiceBody>;

/** One integration of a service, for the operator (spec 001 §3 Service integration). */
export const serviceIntegration = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountName: z.string(),
  accountSlug: z.string(),
  name: z.string(),
  type: z.string().describe('presence or events'),
  status: z.string(),
  lastSync: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceIntegration = z.infer<typeof serviceIntegration>;
export const serviceIntegrations = z.array(serviceIntegration);

export const deleteServiceResult = z.object({ success: z.boolean(), message: z.string() });
