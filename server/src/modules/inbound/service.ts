import type { InboundResult, WebhookProvider } from '@overlap/contract/inbound';
import { inputProblem } from '@overlap/contract/input-rule';
import { and, eq, sql } from 'drizzle-orm';
import { mapGithubWebhook, verifyGithubSignature } from '../../connectors/github/webhook.ts';
import { mapGitlabWebhook, verifyGitlabToken } from '../../connectors/gitlab/webhook.ts';
import { type WebhookOutcome, WebhookPayloadError } from '../../connectors/webhook-types.ts';
import type { AppDeps } from '../../core/context.ts';
import { AppError, badRequest, fieldError, forbidden, notFound, unauthorized } from '../../core/errors.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations, services } from '../../db/schema/integrations.ts';
import { attributeUsernamesToEmails } from '../../pipeline/commit-authors.ts';
import { storeEvents } from '../../pipeline/events-store.ts';
import { startRun } from '../../pipeline/run-recorder.ts';
import { readWebhookSecret } from '../integrations/webhook-secret.ts';

/** One webhook delivery as it reached us: the raw body (signatures cover it byte for byte) and its headers. */
export interface Delivery {
  provider: WebhookProvider;
  integrationId: string;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

const header = (d: Delivery, name: string) => {
  const value = d.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function findTarget(deps: AppDeps, d: Delivery) {
  const [row] = await deps.database.db
    .select({
      id: integrations.id,
      accountId: integrations.accountId,
      status: integrations.status,
      archivedAt: integrations.archivedAt,
      secret: integrations.webhookSecretEncrypted,
      provider: services.provider,
      accountStatus: accounts.status,
    })
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .innerJoin(accounts, eq(accounts.id, integrations.accountId))
    .where(and(eq(integrations.id, d.integrationId), eq(services.provider, d.provider)));
  return row;
}

async function signatureHolds(d: Delivery, secret: string): Promise<boolean> {
  if (d.provider === 'github') return verifyGithubSignature(secret, d.rawBody, header(d, 'x-hub-signature-256'));
  return verifyGitlabToken(secret, header(d, 'x-gitlab-token'));
}

function outcomeOf(d: Delivery): WebhookOutcome {
  let payload: unknown;
  try {
    payload = JSON.parse(d.rawBody);
  } catch {
    throw badRequest('body: must be JSON (choose application/json as the content type of the webhook)');
  }
  const problem = inputProblem(payload, undefined, 'body');
  if (problem) throw fieldError(problem.field, problem.message);
  try {
    return d.provider === 'github'
      ? mapGithubWebhook(header(d, 'x-github-event'), payload)
      : mapGitlabWebhook(header(d, 'x-gitlab-event'), payload);
  } catch (err) {
    if (err instanceof WebhookPayloadError) throw badRequest(err.message, [{ field: err.field, message: err.message }]);
    throw err;
  }
}

/**
 * One delivery of a GitHub or GitLab webhook: 404 for an integration that does not exist (or is
 * not of that provider), 401 when the signature (GitHub) or token (GitLab) does not match the
 * integration's secret, 403 when the integration is stopped or its account suspended. A good one
 * stores its events once each by externalId (a redelivery stores nothing twice) in one transaction
 * with its run record; a refused one stores nothing.
 */
export async function receiveWebhook(deps: AppDeps, d: Delivery): Promise<InboundResult> {
  const target = await findTarget(deps, d);
  if (!target) throw notFound('Integration');
  const secret = readWebhookSecret(deps.secrets, target.secret);
  if (!secret || !(await signatureHolds(d, secret))) {
    throw unauthorized(
      d.provider === 'github'
        ? "X-Hub-Signature-256 does not match the payload signed with this integration's webhook secret"
        : "X-Gitlab-Token does not match this integration's webhook secret",
    );
  }
  if (target.status !== 'active' || target.archivedAt) throw forbidden('This integration is stopped.');
  if (target.accountStatus === 'suspended' || target.accountStatus === 'terminated') {
    throw new AppError(403, 'ACCOUNT_SUSPENDED', `This account is ${target.accountStatus}.`);
  }

  const outcome = outcomeOf(d);
  if (outcome.type !== 'events') {
    return { received: 0, created: 0, duplicates: 0, ignored: outcome.type === 'ping' ? 'ping' : outcome.reason };
  }
  const integration = { id: target.id, accountId: target.accountId };
  const { db } = deps.database;
  const run = await startRun(db, integration, 'webhook', { deferInsert: true });
  run.debug('milestone', {
    provider: d.provider,
    delivery: header(d, 'x-github-delivery') ?? header(d, 'x-gitlab-event-uuid') ?? null,
    ...outcome.details,
  });
  try {
    const result = await db.transaction(async (tx) => {
      const events = await attributeUsernamesToEmails(tx, integration.id, outcome.events);
      const stored = await storeEvents(tx, integration, events, run);
      await run.finish(
        { peopleFound: new Set(outcome.events.map((e) => e.personIdentifier)).size, eventsCreated: stored.created },
        tx,
      );
      await tx.execute(sql`
        update integrations set last_connected_at = now(), updated_at = now() where id = ${integration.id}`);
      return stored;
    });
    if (result.created > 0) await deps.notify(integration.accountId, 'presence');
    return {
      received: outcome.events.length,
      created: result.created,
      duplicates: result.duplicates,
      ignored: null,
    };
  } catch (err) {
    await run.fail(err).catch(() => {});
    throw err;
  }
}
