import type { AccountView } from '@overlap/contract/account';
import { type SaveSurveyBody, type SurveyView, surveyPaths } from '@overlap/contract/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

export const surveyApiPaths = { save: surveyPaths.survey } as const;

/** The account view (the same key as the account page's, so both share one cache entry). */
export const surveyAccountKey = ['account'] as const;

export const surveyAccountQuery = queryOptions({
  queryKey: surveyAccountKey,
  queryFn: ({ signal }) => api<AccountView>(apiPaths.account, { signal }),
});
export const useSurveyAccount = () => useQuery(surveyAccountQuery);

export const saveSurvey = (body: SaveSurveyBody) => api<SurveyView>(surveyApiPaths.save, { method: 'POST', body });
