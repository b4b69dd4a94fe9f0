import { createErrorTracker } from '../../src/lib/error-tracking.ts';

/** A process with error tracking on that leaves one promise rejection unhandled. */
const tracker = createErrorTracker({ dsn: process.env.SENTRY_DSN, environment: 'test', release: 'test' });
await tracker.ready();
void Promise.reject(new Error('nobody handled this'));
setTimeout(() => process.exit(0), 10_000);
