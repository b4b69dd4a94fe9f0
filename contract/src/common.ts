import { z } from 'zod';

/** The one error shape every 4xx/5xx answer carries. */
export const errorBody = z
  .object({
    statusCode: z.number().int(),
    code: z.string().describe('Machine-readable error code, e.g. VALIDATION_FAILED'),
    error: z.string().describe('A sentence a user can read'),
    message: z.string().describe('A sentence a user can read (more specific when available)'),
    details: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('One entry per bad field'),
    retryAfterSeconds: z.number().int().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

export const idParams = z.object({ id: z.uuid({ message: 'must be a valid id' }) });

export const successMessage = z.object({ success: z.boolean(), message: z.string() });

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type Pagination = z.infer<typeof pagination>;

export const pageQuery = (defaultLimit: number, maxLimit = 100) => {
  const pageMessage = 'must be a page number from 1';
  const limitMessage = `must be a number from 1 to ${maxLimit}`;
  return z.object({
    page: z.coerce.number({ message: pageMessage }).int().min(1, pageMessage).default(1),
    limit: z.coerce
      .number({ message: limitMessage })
      .int()
      .min(1, limitMessage)
      .max(maxLimit, limitMessage)
      .default(defaultLimit),
  });
};

export const offsetQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });

export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });
export const isoDate = z.iso.date({ message: 'must be a date in the form YYYY-MM-DD' });
