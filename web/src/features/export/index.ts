/** Taking data out: the Export button (dashboard, People page, year view). */
export { ExportButton } from './components/export-button';
export { lastDays } from './lib/export-request';
