/**
 * Browser error reporting to Sentry, only when the server says a DSN is configured (a `<meta>` of
 * the page, so signed-out pages report too). The SDK is loaded on demand, so it is not part of the
 * initial bundle; errors raised while it loads wait in a queue.
 */
import { ERROR_TRACKING_META, type ErrorTrackingSettings } from '@overlap/contract/system';

export type { ErrorTrackingSettings };

type SentryModule = typeof import('@sentry/react');

let state: 'off' | 'loading' | 'on' = 'off';
let sentry: SentryModule | null = null;
const waiting: unknown[] = [];

/** A URL without its query and fragment, where e-mails and tokens of links would sit. */
export const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? url;

/** The settings the server wrote into the page, or null (none, or not readable). */
export function errorTrackingOfPage(doc: Document = document): ErrorTrackingSettings | null {
  const content = doc.querySelector(`meta[name="${ERROR_TRACKING_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = JSON.parse(content) as Partial<ErrorTrackingSettings>;
    const { dsn, environment, release } = parsed;
    if (typeof dsn !== 'string' || typeof environment !== 'string' || typeof release !== 'string') return null;
    return { dsn, environment, release };
  } catch {
    return null;
  }
}

/** Loads and starts the SDK once; does nothing without settings. */
export async function startErrorTracking(
  settings: ErrorTrackingSettings | null | undefined,
  load: () => Promise<SentryModule> = () => import('@sentry/react'),
): Promise<void> {
  if (!settings?.dsn || state !== 'off') return;
  state = 'loading';
  try {
    const Sentry = await load();
    Sentry.init({
      dsn: settings.dsn,
      environment: settings.environment,
      release: settings.release,
      maxBreadcrumbs: 0,
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, urlQueryParams: false, httpBodies: [] },
      beforeSend(event) {
        delete event.user;
        if (event.request) {
          event.request = { url: event.request.url ? withoutQuery(event.request.url) : undefined };
        }
        return event;
      },
    });
    sentry = Sentry;
    state = 'on';
    for (const error of waiting.splice(0)) Sentry.captureException(error);
  } catch (err) {
    state = 'off';
    waiting.length = 0;
    console.warn('Error tracking could not start', err);
  }
}

/** Reports an error the app did not handle (React root errors); dropped when tracking is off. */
export function reportError(error: unknown): void {
  if (state === 'on' && sentry) sentry.captureException(error);
  else if (state === 'loading') waiting.push(error);
}
