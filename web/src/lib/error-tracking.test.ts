import { describe, expect, it, vi } from 'vitest';
import { errorTrackingOfPage, reportError, startErrorTracking, withoutQuery } from './error-tracking';

type Loader = NonNullable<Parameters<typeof startErrorTracking>[1]>;

describe('browser error tracking', () => {
  it('loads nothing without a DSN', async () => {
    const load = vi.fn();
    await startErrorTracking(null, load as unknown as Loader);
    await startErrorTracking({ dsn: '', environment: 'production', release: '1.0.0' }, load as unknown as Loader);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts the SDK with the release, keeps personal data out and reports errors that waited', async () => {
    const init = vi.fn();
    const captureException = vi.fn();
    let finishLoading = () => {};
    const loaded = new Promise<void>((resolve) => {
      finishLoading = resolve;
    });
    const load = (async () => {
      await loaded;
      return { init, captureException };
    }) as unknown as Loader;
    const started = startErrorTracking(
      { dsn: 'https://k@o1.ingest.sentry.io/2', environment: 'production', release: '2.4.0+abc1234' },
      load,
    );
    const early = new Error('while loading');
    reportError(early);
    finishLoading();
    await started;
    expect(init).toHaveBeenCalledTimes(1);
    const options = init.mock.calls[0]?.[0];
    expect(options).toMatchObject({
      dsn: 'https://k@o1.ingest.sentry.io/2',
      environment: 'production',
      release: '2.4.0+abc1234',
      maxBreadcrumbs: 0,
    });
    expect(
      options.beforeSend({
        user: { email: 'a@b.c' },
        request: { url: 'https://app/set-password?email=a@b.c&token=t', headers: { cookie: 'x' } },
      }),
    ).toEqual({
      request: { url: 'https://app/set-password' },
    });
    expect(captureException).toHaveBeenCalledWith(early);
    const later = new Error('after');
    reportError(later);
    expect(captureException).toHaveBeenLastCalledWith(later);
  });

  it('reads the settings the server wrote into the page', () => {
    const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');
    const content =
      '{&quot;dsn&quot;:&quot;https://k@o1.ingest.sentry.io/2&quot;,&quot;environment&quot;:&quot;production&quot;,&quot;release&quot;:&quot;2.4.0&quot;}';
    expect(errorTrackingOfPage(page(`<meta name="overlap-error-tracking" content="${content}">`))).toEqual({
      dsn: 'https://k@o1.ingest.sentry.io/2',
      environment: 'production',
      release: '2.4.0',
    });
    expect(errorTrackingOfPage(page(''))).toBeNull();
    expect(errorTrackingOfPage(page('<meta name="overlap-error-tracking" content="{not json">'))).toBeNull();
    expect(errorTrackingOfPage(page('<meta name="overlap-error-tracking" content="{&quot;dsn&quot;:1}">'))).toBeNull();
  });

  it('strips queries and fragments from URLs', () => {
    expect(withoutQuery('https://x/reset-password?token=abc#top')).toBe('https://x/reset-password');
  });
});
