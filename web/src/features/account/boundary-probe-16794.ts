import { MaintenanceTab } from '../maintenance/components/maintenance-tab.tsx';
export const probe = MaintenanceTab;
