import { errorBody } from '@overlap/contract/common';
import { saveSurveyBody, surveyPaths, surveyView } from '@overlap/contract/onboarding';
import type { AreaPlugin } from '../../http/app.ts';
import { ctxOf } from '../../http/context.ts';
import { saveSurvey } from './survey-service.ts';

const tags = ['Onboarding'];

const onboardingRoutes: AreaPlugin = async (app, { deps }) => {
  app.post(
    surveyPaths.survey,
    {
      schema: {
        tags,
        summary: 'Save survey answers (any member); only the fields sent change',
        description:
          'Called on every change of the survey page. `completed: true` is our addition: it stamps ' +
          '`completedAt` the first time and leaves it alone afterwards.',
        body: saveSurveyBody,
        response: { 200: surveyView, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => saveSurvey(ctxOf(deps, request), request.body),
  );
};
export default onboardingRoutes;
