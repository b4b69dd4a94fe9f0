import { z } from 'zod';
import { userRole } from './auth.ts';

export const myInfo = z.object({
  id: z.uuid(),
  email: z.string(),
  role: userRole,
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  accountName: z.string(),
});
export type MyInfo = z.infer<typeof myInfo>;

export { profilePaths as paths } from './paths.ts';
