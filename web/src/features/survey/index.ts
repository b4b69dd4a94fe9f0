export const surveyPage = () => import('./pages/survey-page');
