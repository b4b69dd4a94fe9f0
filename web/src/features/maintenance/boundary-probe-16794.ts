import { MaintenanceTab } from './components/maintenance-tab.tsx';
import * as account from '../account/index.ts';
export const probe = [MaintenanceTab, account];
