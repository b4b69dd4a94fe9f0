import type { AreaPlugin } from '../area.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { registerServiceRoutes } from './service-routes.ts';
import { registerSystemRoutes } from './system-routes.ts';

/** The operator console (spec 001 §7 Superadmin): superadmins only, refused while impersonating. */
const superadminRoutes: AreaPlugin = async (app, { deps }) => {
  registerAccountRoutes(app, deps);
  registerServiceRoutes(app, deps);
  registerSystemRoutes(app, deps);
};
export default superadminRoutes;
