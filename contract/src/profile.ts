import { z } from 'zod';
import { timezoneName } from './activity.ts';
import { userRole } from './auth.ts';

export const timeFormat = z.enum(['12h', '24h'], { message: "must be '12h' or '24h'" });
export type TimeFormat = z.infer<typeof timeFormat>;

export const myInfo = z.object({
  id: z.uuid(),
  email: z.string(),
  role: userRole,
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  accountName: z.string(),
  timeFormat: timeFormat.nullable().describe("12- or 24-hour times; null follows the browser's locale"),
  timeZone: z.string().nullable().describe('The IANA timezone times are shown in; null follows the browser'),
});
export type MyInfo = z.infer<typeof myInfo>;

/** Display preferences of the signed-in user; a field left out stays, null goes back to the browser's. */
export const updatePreferencesBody = z
  .object({
    timeFormat: timeFormat.nullable().optional(),
    timeZone: timezoneName.nullable().optional(),
  })
  .strict();
export type UpdatePreferencesBody = z.input<typeof updatePreferencesBody>;

export { profilePaths as paths } from './paths.ts';
