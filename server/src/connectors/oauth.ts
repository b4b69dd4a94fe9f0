import {
  ArcticFetchError,
  CodeChallengeMethod,
  generateCodeVerifier,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import { ConnectorError, needsReauthorization } from './errors.ts';
import type { ConnectorTrace } from './results.ts';

/** What a grant puts into an integration's config (001 §3); tokens are stored encrypted. */
export interface GrantFields {
  access_token: string;
  refresh_token?: string;
  /** Epoch seconds. */
  expires_at?: number;
  scope?: string;
  team_id?: string;
  team_name?: string;
  bot_user_id?: string;
  guild_id?: string;
}

/** An OAuth app registered with a provider (client credentials from the environment). */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

/**
 * One provider's OAuth 2.0 authorization-code flow with endpoints from configuration, so the same
 * code serves slack.com and a fake server in tests, and Google, GitHub and GitLab later.
 */
export interface OAuthProviderSpec {
  provider: string;
  /** Shown in messages: 'Slack authorization failed: ...'. */
  displayName: string;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Slack wants bot scopes comma-separated; the OAuth default is a space. */
  scopeSeparator?: string;
  /** Send a PKCE S256 challenge (Microsoft, Discord). */
  pkce: boolean;
  extraAuthorizeParams?: Record<string, string>;
  /** The token endpoint's answer (and the callback's query) as config fields; throws when it is a refusal. */
  readGrant(data: Record<string, unknown>, callback: URLSearchParams): GrantFields;
  /** Further facts about the grant, read with its new token (Microsoft's tenant name). */
  describeGrant?(grant: GrantFields, trace: ConnectorTrace): Promise<Partial<GrantFields>>;
  /** Scopes sent with a refresh (Microsoft asks for them again); none by default. */
  refreshScopes?: string[];
  /** Whether polling uses the access token, so it has to be refreshed before it expires. */
  refreshesAccessToken: boolean;
}

export interface AuthorizationStart {
  url: string;
  /** Kept with the state, sent with the code (null without PKCE). */
  codeVerifier: string | null;
}

export function createAuthorization(
  spec: OAuthProviderSpec,
  app: OAuthApp,
  redirectUri: string,
  state: string,
): AuthorizationStart {
  const client = new OAuth2Client(app.clientId, app.clientSecret, redirectUri);
  const codeVerifier = spec.pkce ? generateCodeVerifier() : null;
  const url = codeVerifier
    ? client.createAuthorizationURLWithPKCE(spec.authorizeUrl, state, CodeChallengeMethod.S256, codeVerifier, [])
    : client.createAuthorizationURL(spec.authorizeUrl, state, []);
  if (spec.scopes.length > 0) url.searchParams.set('scope', spec.scopes.join(spec.scopeSeparator ?? ' '));
  for (const [key, value] of Object.entries(spec.extraAuthorizeParams ?? {})) url.searchParams.set(key, value);
  return { url: url.toString(), codeVerifier };
}

/** Expiry in epoch seconds from `expires_in`, when the provider gave one. */
export function expiresAtOf(data: Record<string, unknown>, now = Date.now()): number | undefined {
  return typeof data.expires_in === 'number' ? Math.floor(now / 1000) + data.expires_in : undefined;
}

/** The usual token answer: access and refresh token, expiry, scope. */
export function standardGrant(data: Record<string, unknown>): GrantFields {
  if (typeof data.access_token !== 'string' || data.access_token === '') {
    throw new ConnectorError('malformed', 'the token answer has no access_token');
  }
  const grant: GrantFields = { access_token: data.access_token };
  if (typeof data.refresh_token === 'string') grant.refresh_token = data.refresh_token;
  const expiresAt = expiresAtOf(data);
  if (expiresAt !== undefined) grant.expires_at = expiresAt;
  if (typeof data.scope === 'string') grant.scope = data.scope;
  return grant;
}

function toConnectorError(spec: OAuthProviderSpec, err: unknown, refreshing: boolean): ConnectorError {
  if (err instanceof ConnectorError) return err;
  if (err instanceof OAuth2RequestError) {
    const message = `${spec.displayName} refused the ${refreshing ? 'refresh' : 'code'}: ${err.code}${err.description ? ` (${err.description})` : ''}`;
    return refreshing &&
      (err.code === 'invalid_grant' || err.code === 'invalid_client' || err.code === 'unauthorized_client')
      ? needsReauthorization(message)
      : new ConnectorError('provider', message);
  }
  if (err instanceof ArcticFetchError) {
    const cause = err.cause instanceof Error ? err.cause.message : String(err.cause);
    return new ConnectorError('provider', `${spec.displayName} could not be reached: ${cause}`);
  }
  if (err instanceof UnexpectedResponseError || err instanceof UnexpectedErrorResponseBodyError) {
    return new ConnectorError('provider', `${spec.displayName} answered HTTP ${err.status} to the token request`, {
      status: err.status,
    });
  }
  return new ConnectorError(
    'malformed',
    `${spec.displayName} token answer: ${err instanceof Error ? err.message : String(err)}`,
  );
}

async function tokenCall(spec: OAuthProviderSpec, refreshing: boolean, call: () => Promise<OAuth2Tokens>) {
  try {
    return (await call()).data as Record<string, unknown>;
  } catch (err) {
    throw toConnectorError(spec, err, refreshing);
  }
}

/** Exchanges the callback's code (with the PKCE verifier kept in the state) for the grant's fields. */
export async function exchangeCode(
  spec: OAuthProviderSpec,
  app: OAuthApp,
  redirectUri: string,
  callback: URLSearchParams,
  codeVerifier: string | null,
  trace: ConnectorTrace,
): Promise<GrantFields> {
  const code = callback.get('code') ?? '';
  const client = new OAuth2Client(app.clientId, app.clientSecret, redirectUri);
  const started = performance.now();
  const data = await tokenCall(spec, false, () => client.validateAuthorizationCode(spec.tokenUrl, code, codeVerifier));
  trace.debug(
    'api_call',
    { method: 'POST', endpoint: new URL(spec.tokenUrl).pathname, status: 200 },
    performance.now() - started,
  );
  let grant: GrantFields;
  try {
    grant = spec.readGrant(data, callback);
  } catch (err) {
    throw toConnectorError(spec, err, false);
  }
  return spec.describeGrant ? { ...grant, ...(await spec.describeGrant(grant, trace)) } : grant;
}

/**
 * A new access token from the refresh token. A refused refresh (invalid_grant: revoked, expired)
 * means the owner has to authorize again. Fields the answer leaves out (a refresh token that did
 * not rotate) are kept by the caller.
 */
export async function refreshGrant(
  spec: OAuthProviderSpec,
  app: OAuthApp,
  refreshToken: string,
  trace: ConnectorTrace,
): Promise<GrantFields> {
  const client = new OAuth2Client(app.clientId, app.clientSecret, null);
  const started = performance.now();
  const data = await tokenCall(spec, true, () =>
    client.refreshAccessToken(spec.tokenUrl, refreshToken, spec.refreshScopes ?? []),
  );
  trace.debug(
    'api_call',
    { method: 'POST', endpoint: new URL(spec.tokenUrl).pathname, status: 200, grant: 'refresh_token' },
    performance.now() - started,
  );
  try {
    return spec.readGrant(data, new URLSearchParams());
  } catch (err) {
    const failure = toConnectorError(spec, err, true);
    throw failure.kind === 'provider' ? needsReauthorization(failure.message) : failure;
  }
}
