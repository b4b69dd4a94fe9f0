import { systemInfo } from '@overlap/contract/system';
import type { AreaPlugin } from '../area.ts';
import { getSystemInfo } from './service.ts';

const systemRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/profile/system-info',
    {
      schema: { tags: ['profile'], summary: 'Environment, server time and build', response: { 200: systemInfo } },
      config: { allowTerminated: true },
    },
    async () => getSystemInfo(deps),
  );
};
export default systemRoutes;
