import { z } from 'zod';

/** Providers that connect with OAuth: the chat apps now, the document and code hosts next. */
export const oauthProviders = ['slack', 'microsoft', 'discord', 'google', 'github', 'gitlab'] as const;
export const oauthProvider = z.enum(oauthProviders);
export type OAuthProvider = z.infer<typeof oauthProvider>;

/** How each provider is named in 'Failed to start {Name} authorization' and '{Name} authorization failed: '. */
export const oauthProviderNames: Record<OAuthProvider, string> = {
  slack: 'Slack',
  microsoft: 'Microsoft',
  discord: 'Discord',
  google: 'Google',
  github: 'GitHub',
  gitlab: 'GitLab',
};

/** POST /api/v1/integrations/{provider}/auth-url */
export const authUrlBody = z.object({
  integrationId: z.uuid({ message: 'must be an integration id' }),
  serviceType: z
    .string({ message: 'must be a string' })
    .regex(/^[a-z_]{1,50}$/, 'must be a short lowercase name')
    .optional()
    .describe('Google only (default drive)'),
});
export type AuthUrlBody = z.infer<typeof authUrlBody>;
export const authUrlResult = z.object({ url: z.string() });

/**
 * Error codes the server callback puts on the web page's `error` parameter (001 §8). A provider's
 * own refusal (e.g. `access_denied`) is passed through as it came and shown raw.
 */
export const oauthCallbackErrors = {
  invalid_state: 'Invalid authorization state',
  integration_not_found: 'Integration not found',
  invalid_integration_type: 'Invalid integration type',
  internal_server_error: 'Internal server error occurred',
  missing_parameters: 'Missing required parameters',
} as const;
export type OAuthCallbackError = keyof typeof oauthCallbackErrors;

/** The query the server callback redirects the browser to the web page with (001 §2). */
export interface OAuthReturnQuery {
  success: boolean;
  integrationId?: string;
  error?: string;
  teamName?: string;
  onboarding?: boolean;
  serviceType?: string;
}

export { oauthPaths } from './paths.ts';
