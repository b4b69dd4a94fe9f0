import { Outlet } from 'react-router';
import { AppChrome } from '../../features/shell';

export function AppLayout() {
  return (
    <AppChrome>
      <Outlet />
    </AppChrome>
  );
}
