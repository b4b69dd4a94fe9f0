/** The heat-map band of a day's online hours: 0, <1, <2, <4, <6, <8, <10, >=10 (spec 000 §9). */
export function heatBand(hours: number): 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  if (!(hours > 0)) return 0;
  if (hours < 1) return 1;
  if (hours < 2) return 2;
  if (hours < 4) return 3;
  if (hours < 6) return 4;
  if (hours < 8) return 5;
  if (hours < 10) return 6;
  return 7;
}

/** From empty to the accent's darkest shade. */
export const HEAT_CLASSES = [
  'bg-zinc-100 dark:bg-zinc-800/70',
  'bg-indigo-100 dark:bg-indigo-950',
  'bg-indigo-200 dark:bg-indigo-900',
  'bg-indigo-300 dark:bg-indigo-800',
  'bg-indigo-400 dark:bg-indigo-700',
  'bg-indigo-500 dark:bg-indigo-600',
  'bg-indigo-700 dark:bg-indigo-500',
  'bg-indigo-900 dark:bg-indigo-300',
] as const;

export const HEAT_LEGEND = ['0h', '<1h', '<2h', '<4h', '<6h', '<8h', '<10h', '10h+'] as const;

/** The tooltip of a day: 'N.N hours online' or 'No activity', plus 'N blocks, N events'. */
export function dayTooltip(day: { totalMinutes: number; totalBlocks: number; totalEvents: number }): string {
  const head = day.totalMinutes > 0 ? `${(day.totalMinutes / 60).toFixed(1)} hours online` : 'No activity';
  return `${head}, ${day.totalBlocks} blocks, ${day.totalEvents} events`;
}
