import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { withErrorTracking } from './spa.ts';

const INDEX = '<!doctype html><html><head><title>Overlap</title></head><body></body></html>';

function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'overlap-spa-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  return dist;
}

describe('error-tracking settings in the page', () => {
  it('writes them into every page of the web app, without a session, when a DSN is set', async () => {
    const t = await createTestApp(
      { SENTRY_DSN: 'http://key@127.0.0.1:9/42', APP_VERSION: '2.4.0', GIT_COMMIT_SHA: 'abcdef1234567890' },
      { webDist: webDist() },
    );
    try {
      for (const url of ['/', '/login', '/signup', '/index.html']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(
          '<!doctype html><html><head><title>Overlap</title><meta name="overlap-error-tracking" content="' +
            '{&quot;dsn&quot;:&quot;http://key@127.0.0.1:9/42&quot;,&quot;environment&quot;:&quot;test&quot;,' +
            '&quot;release&quot;:&quot;2.4.0+abcdef1&quot;}"></head><body></body></html>',
        );
      }
    } finally {
      await t.close();
    }
  });

  it('leaves the page as built without a DSN', async () => {
    const t = await createTestApp({}, { webDist: webDist() });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toBe(INDEX);
    } finally {
      await t.close();
    }
  });

  it('escapes what would end the attribute or the tag', () => {
    expect(
      withErrorTracking('<head></head>', { dsn: 'https://k@h/1"><script>', environment: 'a&b', release: '1' }),
    ).toBe(
      '<head><meta name="overlap-error-tracking" content="{&quot;dsn&quot;:&quot;https://k@h/1\\&quot;&gt;&lt;script&gt;&quot;,' +
        '&quot;environment&quot;:&quot;a&amp;b&quot;,&quot;release&quot;:&quot;1&quot;}"></head>',
    );
  });
});
