import { describe, expect, it } from 'vitest';
import { client, createTestApp } from '../../../test/app.ts';
import { signedInOperator } from '../../../test/factories/operator.ts';
import { startFakeSentry } from '../../../test/fakes/sentry-ingest.ts';

// Its own file: the Sentry SDK is one per process, so one DSN per test file.
describe('POST /api/v1/superadmin/system/sentry-test', () => {
  it('reports a refusal of the ingest', async () => {
    const refusing = await startFakeSentry({ status: 429 });
    const app = await createTestApp({ SENTRY_DSN: refusing.dsn });
    try {
      const op = await signedInOperator(app.db);
      const res = await client(app.app, op.cookie)({ method: 'POST', url: '/api/v1/superadmin/system/sentry-test' });
      expect(res.json().message).toBe('The test event was not delivered');
      expect(res.json().details).toMatch(/^Event [0-9a-f]{32} was refused by 127\.0\.0\.1:\d+ with status 429\.$/);
    } finally {
      await app.close();
      await refusing.close();
    }
  });
});
