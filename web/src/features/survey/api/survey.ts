import { type SaveSurveyBody, type SurveyView, surveyPaths } from '@overlap/contract/onboarding';
import { api } from '../../../api/client';

export const saveSurvey = (body: SaveSurveyBody) => api<SurveyView>(surveyPaths.survey, { method: 'POST', body });
