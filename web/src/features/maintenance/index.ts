/** What other features may use from maintenance: the account page's tab. */
export { MaintenanceTab } from './components/maintenance-tab';
