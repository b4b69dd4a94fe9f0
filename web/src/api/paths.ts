import {
  accountPaths,
  activityBlockPaths,
  activityPaths,
  authPaths,
  billingPaths,
  calendarPaths,
  checkoutPath,
  integrationPaths,
  maintenancePaths,
  oauthPaths,
  onboardingPaths,
  peoplePaths,
  profilePaths,
  STREAM_PATH,
  surveyPaths,
  systemPaths,
  userPaths,
} from '@overlap/contract/paths';

/** Every API URL the web app calls: the contract's tables, grouped by area. */
export const apiPaths = {
  auth: authPaths,
  account: { ...accountPaths, ...maintenancePaths },
  profile: { ...profilePaths, ...systemPaths },
  billing: { ...billingPaths, checkout: checkoutPath },
  users: userPaths,
  onboarding: { ...onboardingPaths, ...surveyPaths },
  activity: { ...activityPaths, ...activityBlockPaths, stream: STREAM_PATH },
  people: { ...peoplePaths, ...calendarPaths },
  integrations: integrationPaths,
  oauth: oauthPaths,
  /** The operator console's routes are not in the contract yet; they arrive with the console. */
  superadmin: { stopImpersonation: '/api/v1/superadmin/stop-impersonation' },
} as const;

/** `path?name=value&...` with the defined parameters, in the order given. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
