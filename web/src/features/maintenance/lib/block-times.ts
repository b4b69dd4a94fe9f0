import type { BlockEditBody } from '@overlap/contract/activity-blocks';
import { fromDateTimeLocal } from '../../../lib/datetime-local';

interface BlockTimesCheck {
  errors: { start?: string; end?: string };
  /** Both instants, when the pair is valid. */
  times: BlockEditBody | null;
}

/** An edit needs both start and end, and the end after the start. */
export function checkBlockTimes(start: string, end: string): BlockTimesCheck {
  const startTime = fromDateTimeLocal(start);
  const endTime = fromDateTimeLocal(end);
  const errors: BlockTimesCheck['errors'] = {};
  if (!startTime) errors.start = start ? 'Enter a valid start.' : 'Start is required.';
  if (!endTime) errors.end = end ? 'Enter a valid end.' : 'End is required.';
  if (startTime && endTime && new Date(endTime).getTime() <= new Date(startTime).getTime()) {
    errors.end = 'End must be after start.';
  }
  return { errors, times: startTime && endTime && !errors.end ? { startTime, endTime } : null };
}
