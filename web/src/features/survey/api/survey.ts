import type { SaveSurveyBody, SurveyView } from '@overlap/contract/onboarding';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

export const saveSurvey = (body: SaveSurveyBody) =>
  api<SurveyView>(apiPaths.onboarding.survey, { method: 'POST', body });
