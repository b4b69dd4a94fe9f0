import {
  accountPaths,
  activityBlockPaths,
  activityPaths,
  auditPaths,
  authPaths,
  billingPaths,
  calendarPaths,
  checkoutPath,
  exportPaths,
  integrationPaths,
  maintenancePaths,
  oauthPaths,
  onboardingPaths,
  overlapPaths,
  peoplePaths,
  profilePaths,
  STREAM_PATH,
  superadminPaths,
  surveyPaths,
  systemPaths,
  userPaths,
  webhookPaths,
} from '@overlap/contract/paths';

/** Every API URL the web app calls: the contract's tables, grouped by area. */
export const apiPaths = {
  auth: authPaths,
  account: { ...accountPaths, ...maintenancePaths, ...auditPaths },
  profile: { ...profilePaths, ...systemPaths },
  billing: { ...billingPaths, checkout: checkoutPath },
  users: userPaths,
  onboarding: { ...onboardingPaths, ...surveyPaths },
  activity: { ...activityPaths, ...activityBlockPaths, stream: STREAM_PATH },
  people: { ...peoplePaths, ...calendarPaths },
  integrations: integrationPaths,
  superadmin: superadminPaths,
  overlap: overlapPaths,
  export: exportPaths,
  webhooks: webhookPaths,
  oauth: oauthPaths,
} as const;

/** `path?name=value&...` with the defined parameters, in the order given. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
