import { errorBody } from '@overlap/contract/common';
import { myInfo, paths } from '@overlap/contract/profile';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { getMyInfo } from './service.ts';

const profileRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.myInfo,
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's email, role, last login and creation date",
        response: { 200: myInfo, 401: errorBody },
      },
      config: { allowTerminated: true },
    },
    async (request) => getMyInfo(ctxOf(deps, request)),
  );
};
export default profileRoutes;
