import type { GithubOrgList } from '@overlap/contract/integrations';
import { isConnectorError } from '../../connectors/errors.ts';
import { listGithubOrgs } from '../../connectors/github/user-orgs.ts';
import { openSecrets, storedGrant } from '../../connectors/oauth-grant.ts';
import { textSetting } from '../../connectors/settings.ts';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { AppError, conflict, notFound } from '../../core/errors.ts';
import { selectIntegration } from './queries.ts';

/**
 * The organisations a GitHub integration's token can see, for the Setup form's picker: the OAuth
 * grant's token, else the personal access token saved in Setup. Managers only; another account's
 * integration, or one that is not GitHub, is 404.
 */
export async function listGithubOrganizations(ctx: Ctx, id: string): Promise<GithubOrgList> {
  requireRole(ctx, 'manager');
  const row = await selectIntegration(ctx.db, ctx.accountId, id);
  if (row?.service.provider !== 'github') throw notFound('GitHub integration');
  const token =
    storedGrant(ctx.deps.secrets, row.integration).accessToken ??
    textSetting(openSecrets(ctx.deps.secrets, row.integration.secretsEncrypted).accessToken);
  if (!token) throw conflict('Connect GitHub (or save a personal access token) to choose organisations.');
  try {
    return { organizations: await listGithubOrgs({ apiUrl: ctx.deps.config.GITHUB_API_URL, token }) };
  } catch (err) {
    if (isConnectorError(err, 'needs_reauthorization')) {
      throw conflict('GitHub no longer accepts the token: re-authorize GitHub to choose organisations.');
    }
    // A provider that is down or rate-limits us is not the caller's conflict: 502, or 503 with GitHub's wait.
    if (isConnectorError(err, 'rate_limited')) {
      throw new AppError(
        503,
        'PROVIDER_RATE_LIMITED',
        `GitHub asks to wait before listing the organisations. ${err.message}`,
        {
          retryAfterSeconds: err.retryAfterSeconds ?? 60,
        },
      );
    }
    if (isConnectorError(err, 'configuration'))
      throw conflict(`GitHub could not list the organisations. ${err.message}`);
    if (isConnectorError(err)) {
      throw new AppError(502, 'PROVIDER_ERROR', `GitHub could not list the organisations. ${err.message}`);
    }
    throw err;
  }
}
