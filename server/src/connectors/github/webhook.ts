import { verify } from '@octokit/webhooks-methods';
import { z } from 'zod';
import type { ProviderEvent } from '../types.ts';
import { commitAuthorIdentifier, commitTitle, type WebhookOutcome, WebhookPayloadError } from '../webhook-types.ts';

/**
 * Checks `X-Hub-Signature-256` (`sha256=` + HMAC-SHA256 of the raw body with the hook's secret) in
 * constant time, with the verify function of GitHub's own webhooks library.
 */
export async function verifyGithubSignature(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): Promise<boolean> {
  if (!signature?.startsWith('sha256=')) return false;
  try {
    return await verify(secret, rawBody, signature);
  } catch {
    return false;
  }
}

const repository = z.object({ full_name: z.string(), html_url: z.string() });
const login = z.object({ login: z.string() });

const pushPayload = z.object({
  ref: z.string(),
  repository,
  commits: z.array(
    z.object({
      id: z.string().min(1),
      message: z.string(),
      timestamp: z.string(),
      url: z.string(),
      distinct: z.boolean().optional(),
      author: z.object({
        name: z.string(),
        email: z.string().nullable().optional(),
        username: z.string().optional(),
      }),
    }),
  ),
});

const deploymentPayload = z.object({
  action: z.string().optional(),
  repository,
  deployment: z.object({
    id: z.number(),
    ref: z.string(),
    sha: z.string(),
    environment: z.string(),
    description: z.string().nullable().optional(),
    created_at: z.string(),
    creator: login.nullable(),
  }),
});

const deploymentStatusPayload = z.object({
  repository,
  deployment: z.object({ id: z.number(), ref: z.string() }),
  deployment_status: z.object({
    id: z.number(),
    state: z.string(),
    environment: z.string(),
    created_at: z.string(),
    target_url: z.string().nullable().optional(),
    environment_url: z.string().nullable().optional(),
    creator: login.nullable(),
  }),
  sender: login.optional(),
});

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new WebhookPayloadError(issue?.path.join('.') || 'body', issue?.message ?? 'is not valid');
  }
  return result.data;
}

function validDate(value: string, field: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new WebhookPayloadError(field, 'must be a date');
  return date;
}

const branchOf = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');

/** `push`: one `git_commit` event per commit, identified by the commit id. */
export function mapGithubPush(payload: unknown): ProviderEvent[] {
  const push = parse(pushPayload, payload);
  return push.commits.map((commit, index) => ({
    externalId: commit.id,
    kind: 'git_commit',
    timestamp: validDate(commit.timestamp, `commits.${index}.timestamp`),
    title: commitTitle(commit.message),
    url: commit.url,
    personIdentifier: commitAuthorIdentifier(commit.author),
    personName: commit.author.name,
    metadata: {
      authorName: commit.author.name,
      authorEmail: commit.author.email?.toLowerCase() ?? null,
      authorUsername: commit.author.username ?? null,
      repository: push.repository.full_name,
      branch: branchOf(push.ref),
    },
  }));
}

/** `deployment` (created): one `deployment` event, attributed to its creator's login. */
export function mapGithubDeployment(payload: unknown): ProviderEvent[] {
  const { deployment, repository: repo } = parse(deploymentPayload, payload);
  const creator = deployment.creator?.login ?? 'unknown';
  return [
    {
      externalId: `deployment:${deployment.id}`,
      kind: 'deployment',
      timestamp: validDate(deployment.created_at, 'deployment.created_at'),
      title: `Deployment of ${deployment.ref} to ${deployment.environment}`,
      url: `${repo.html_url}/deployments`,
      personIdentifier: creator,
      metadata: {
        authorUsername: creator,
        repository: repo.full_name,
        environment: deployment.environment,
        ref: deployment.ref,
        sha: deployment.sha,
        description: deployment.description ?? null,
      },
    },
  ];
}

/** `deployment_status`: one `deployment` event per status change (success, failure...). */
export function mapGithubDeploymentStatus(payload: unknown): ProviderEvent[] {
  const { deployment_status: status, deployment, repository: repo, sender } = parse(deploymentStatusPayload, payload);
  const creator = status.creator?.login ?? sender?.login ?? 'unknown';
  const link = status.target_url || status.environment_url || `${repo.html_url}/deployments`;
  return [
    {
      externalId: `deployment_status:${status.id}`,
      kind: 'deployment',
      timestamp: validDate(status.created_at, 'deployment_status.created_at'),
      title: `Deployment of ${deployment.ref} to ${status.environment}: ${status.state}`,
      url: link,
      personIdentifier: creator,
      metadata: {
        authorUsername: creator,
        repository: repo.full_name,
        environment: status.environment,
        ref: deployment.ref,
        state: status.state,
        deploymentId: deployment.id,
      },
    },
  ];
}

/** What one GitHub delivery (`X-GitHub-Event`) means. Unused event types are acknowledged and ignored. */
export function mapGithubWebhook(eventName: string | undefined, payload: unknown): WebhookOutcome {
  switch (eventName) {
    case 'ping':
      return { type: 'ping' };
    case 'push': {
      const events = mapGithubPush(payload);
      return { type: 'events', events, details: { event: 'push', commits: events.length } };
    }
    case 'deployment':
      return { type: 'events', events: mapGithubDeployment(payload), details: { event: 'deployment' } };
    case 'deployment_status':
      return { type: 'events', events: mapGithubDeploymentStatus(payload), details: { event: 'deployment_status' } };
    default:
      return { type: 'ignored', reason: `GitHub event '${eventName ?? 'none'}' is not used` };
  }
}
