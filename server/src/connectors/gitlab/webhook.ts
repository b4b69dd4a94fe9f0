import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ProviderEvent } from '../types.ts';
import { commitAuthorIdentifier, commitTitle, type WebhookOutcome, WebhookPayloadError } from '../webhook-types.ts';

/** GitLab sends the hook's secret token as it is in `X-Gitlab-Token`; compared in constant time. */
export function verifyGitlabToken(secret: string, token: string | undefined): boolean {
  if (typeof token !== 'string' || token.length === 0) return false;
  // Digests of equal length, so the comparison takes the same time whatever the token's length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(secret), digest(token)) && secret === token;
}

const pushHook = z.object({
  object_kind: z.literal('push'),
  ref: z.string(),
  user_username: z.string().optional(),
  user_email: z.string().nullable().optional(),
  total_commits_count: z.number().int(),
  project: z.object({ path_with_namespace: z.string(), web_url: z.string() }),
  commits: z.array(
    z.object({
      id: z.string().min(1),
      message: z.string(),
      title: z.string().optional(),
      timestamp: z.string(),
      url: z.string(),
      author: z.object({ name: z.string(), email: z.string().nullable().optional() }),
    }),
  ),
});

/**
 * Push Hook: one `commit` event per commit it carries (GitLab sends at most 20; `total_commits_count`
 * says how many the push had and is kept on each event), attributed to the author's e-mail. The
 * pusher's username is the author's when their e-mails match.
 */
export function mapGitlabPush(payload: unknown): ProviderEvent[] {
  const parsed = pushHook.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WebhookPayloadError(issue?.path.join('.') || 'body', issue?.message ?? 'is not valid');
  }
  const push = parsed.data;
  const pusherEmail = push.user_email?.toLowerCase();
  return push.commits.map((commit, index) => {
    const timestamp = new Date(commit.timestamp);
    if (Number.isNaN(timestamp.getTime()))
      throw new WebhookPayloadError(`commits.${index}.timestamp`, 'must be a date');
    const authorEmail = commit.author.email?.toLowerCase() ?? null;
    const username = authorEmail && authorEmail === pusherEmail ? (push.user_username ?? null) : null;
    return {
      externalId: commit.id,
      kind: 'commit',
      timestamp,
      title: commitTitle(commit.title ?? commit.message),
      url: commit.url,
      personIdentifier: commitAuthorIdentifier({ email: authorEmail, username, name: commit.author.name }),
      personName: commit.author.name,
      metadata: {
        authorName: commit.author.name,
        authorEmail,
        authorUsername: username,
        repository: push.project.path_with_namespace,
        branch: push.ref.replace(/^refs\/heads\//, ''),
        totalCommitsCount: push.total_commits_count,
      },
    };
  });
}

/** What one GitLab delivery (`X-Gitlab-Event`) means. Only Push Hook is used; others are acknowledged. */
export function mapGitlabWebhook(eventName: string | undefined, payload: unknown): WebhookOutcome {
  if (eventName !== 'Push Hook') {
    return { type: 'ignored', reason: `GitLab event '${eventName ?? 'none'}' is not used` };
  }
  const events = mapGitlabPush(payload);
  const total = (payload as { total_commits_count?: number }).total_commits_count ?? events.length;
  return { type: 'events', events, details: { event: 'Push Hook', commits: events.length, totalCommitsCount: total } };
}
