/** The dashboard page (loaded on demand) and what other features share: the day drawing, the block dialog and hidden people. */
export const dashboardPage = () => import('./pages/dashboard-page');
export { DayActivityLayer, type DayWindow } from './components/day-activity-layer';
export { HourRail, hourLinesStyle } from './components/hour-rail';
export { BlockDialog } from './components/lazy-block-dialog';
export { NowLine, useNowOffset } from './components/now-line';
export { displayName } from './components/person-header';
export { useHiddenPeople } from './hidden-people';
export { useClock } from './lib/clock';
export { formatClock, viewerTimeZone } from './lib/format';
export { GRID_HEIGHT, HOUR_HEIGHT } from './lib/geometry';
export { isDateKey, shiftDateKey, startOfDateIn, todayKey } from './lib/view-date';
