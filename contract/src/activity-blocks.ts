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

/** How long after a delete its Undo works. */
export const BLOCK_UNDO_MINUTES = 10;

export const blockDeleteResult = z.object({
  success: z.boolean(),
  message: z.string(),
  undoToken: z
    .string()
    .describe(
      `Sealed copy of the deleted block with its samples (or events); POST it to /activity-blocks/restore within ${BLOCK_UNDO_MINUTES} minutes to undo`,
    ),
});
export type BlockDeleteResult = z.infer<typeof blockDeleteResult>;

export const blockRestoreBody = z.object({
  undoToken: z.string({ message: 'is required' }).min(1, 'is required').max(2_000_000, 'is too long'),
});
export type BlockRestoreBody = z.input<typeof blockRestoreBody>;

export { activityBlockPaths as paths } from './paths.ts';
