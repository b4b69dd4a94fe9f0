import type { BuildInfo, SentryTestResult } from '@overlap/contract/superadmin';
import type { Ctx } from '../../core/context.ts';
import { requireOperator } from './operator.ts';

/** 'Test Sentry': sends one event and says whether the ingest took it, or that no DSN is set. */
export async function sendSentryTest(ctx: Ctx): Promise<SentryTestResult> {
  requireOperator(ctx);
  const outcome = await ctx.deps.errors.sendTest();
  if (!outcome) {
    return {
      message: 'Sentry is not configured',
      details: 'No SENTRY_DSN is set on this server, so no event was sent.',
    };
  }
  if (outcome.delivered) {
    return {
      message: 'Test event sent to Sentry',
      details: `Event ${outcome.eventId} was accepted by ${outcome.host} (environment ${ctx.deps.config.NODE_ENV}, release ${ctx.deps.build.fullVersion}).`,
    };
  }
  return {
    message: 'The test event was not delivered',
    details:
      outcome.statusCode === null
        ? `Event ${outcome.eventId} got no answer from ${outcome.host} within 5 seconds.`
        : `Event ${outcome.eventId} was refused by ${outcome.host} with status ${outcome.statusCode}.`,
  };
}

export function getBuildInfo(ctx: Ctx): BuildInfo {
  requireOperator(ctx);
  return ctx.deps.build;
}
