import { z } from 'zod';
import { activityBlock } from './activity.ts';
import { isoDateTime } from './common.ts';

/** A manual correction of one activity block: both ends are required and the end comes after the start. */
export const blockEditBody = z
  .object({
    startTime: isoDateTime.describe('New start, ISO 8601 date-time'),
    endTime: isoDateTime.describe('New end, ISO 8601 date-time'),
  })
  .refine((b) => new Date(b.endTime).getTime() > new Date(b.startTime).getTime(), {
    message: 'must be after startTime',
    path: ['endTime'],
  });
export type BlockEditBody = z.input<typeof blockEditBody>;

export const blockEditResult = activityBlock;
export type BlockEditResult = z.infer<typeof blockEditResult>;

export { activityBlockPaths as paths } from './paths.ts';
