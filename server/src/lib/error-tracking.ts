import type { ErrorEvent } from '@sentry/node';

export interface ErrorTrackingOptions {
  dsn: string | undefined;
  environment: string;
  release: string;
  log?: (line: string) => void;
}

export interface TestEventOutcome {
  eventId: string;
  /** The ingest answered 2xx within the wait. */
  delivered: boolean;
  statusCode: number | null;
  host: string;
}

/** Reports server errors to Sentry when a DSN is configured; does nothing (and loads nothing) otherwise. */
export interface ErrorTracker {
  readonly enabled: boolean;
  readonly dsn: string | null;
  /** Resolves once the SDK is loaded and listening (unhandled rejections and exceptions included). */
  ready(): Promise<void>;
  capture(error: unknown): void;
  /** Sends one test event and waits for the ingest's answer; null without a DSN. */
  sendTest(): Promise<TestEventOutcome | null>;
}

/** Integrations that add no personal data and no instrumentation: errors, their causes and the runtime. */
const KEPT_INTEGRATIONS = new Set([
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'Dedupe',
  'NodeSystemError',
  'OnUncaughtException',
  'OnUnhandledRejection',
  'ContextLines',
  'Context',
]);

/** No personal data leaves the server: no user, no request headers, cookies, bodies or query strings. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  delete event.user;
  delete event.breadcrumbs;
  if (event.request) event.request = { method: event.request.method, url: event.request.url?.split('?')[0] };
  return event;
}

const TEST_WAIT_MS = 5_000;

export function createErrorTracker(options: ErrorTrackingOptions): ErrorTracker {
  const dsn = options.dsn ?? null;
  if (!dsn) {
    return { enabled: false, dsn: null, ready: async () => {}, capture: () => {}, sendTest: async () => null };
  }
  const sentry = import('@sentry/node').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: options.environment,
      release: options.release,
      // No personal data: no user, cookies, headers, bodies, query strings, variables or query data.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        databaseQueryData: false,
        queues: false,
        stackFrameVariables: false,
      },
      enableRuntimeChannelInjection: false,
      maxBreadcrumbs: 0,
      integrations: (defaults) => defaults.filter((i) => KEPT_INTEGRATIONS.has(i.name)),
      beforeSend: scrubEvent,
    });
    return Sentry;
  });
  sentry.catch((err) => options.log?.(`error tracking: ${err instanceof Error ? err.message : String(err)}`));

  return {
    enabled: true,
    dsn,
    async ready() {
      await sentry;
    },
    capture(error) {
      void sentry.then((Sentry) => Sentry.captureException(error)).catch(() => {});
    },
    async sendTest() {
      const Sentry = await sentry;
      const client = Sentry.getClient();
      const host = new URL(dsn).host;
      let stop = () => {};
      const answered = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), TEST_WAIT_MS);
        stop =
          client?.on('afterSendEvent', (event, response) => {
            if (event.event_id !== eventId) return;
            clearTimeout(timer);
            resolve(response.statusCode ?? null);
          }) ?? (() => {});
      });
      const eventId = Sentry.captureException(new Error('Sentry test from the Overlap operator console'), {
        tags: { source: 'sentry-test' },
      });
      const statusCode = await answered;
      stop();
      return {
        eventId,
        statusCode,
        delivered: statusCode !== null && statusCode >= 200 && statusCode < 300,
        host,
      };
    },
  };
}
