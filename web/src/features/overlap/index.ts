/** The overlap planner's views: the dashboard's strip and best-time panel, and a person's availability. */
export { AvailabilityCard } from './components/availability-card';
export { BestTimePanel, type PanelPerson } from './components/best-time-panel';
export { OverlapStrip, type StripPerson } from './components/overlap-strip';
