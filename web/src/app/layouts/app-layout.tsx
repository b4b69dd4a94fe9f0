import { Outlet } from 'react-router';
import { AppChrome } from '../../features/shell/components/app-chrome';

export function AppLayout() {
  return (
    <AppChrome>
      <Outlet />
    </AppChrome>
  );
}
