import { errorBody } from '@overlap/contract/common';
import { myInfo, paths, updatePreferencesBody } from '@overlap/contract/profile';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { getMyInfo, updatePreferences } from './service.ts';

const profileRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.myInfo,
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's email, role, last login, creation date and time display preferences",
        response: { 200: myInfo, 401: errorBody },
      },
      config: { allowTerminated: true },
    },
    async (request) => getMyInfo(ctxOf(deps, request)),
  );

  app.patch(
    paths.preferences,
    {
      schema: {
        tags: ['profile'],
        summary: "Set the signed-in user's time format (12h/24h) and timezone; null follows the browser",
        body: updatePreferencesBody,
        response: { 200: myInfo, 400: errorBody, 401: errorBody },
      },
      config: { allowTerminated: true },
    },
    async (request) => updatePreferences(ctxOf(deps, request), request.body),
  );
};
export default profileRoutes;
