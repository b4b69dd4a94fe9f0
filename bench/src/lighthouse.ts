import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** What one Lighthouse run of a page gives: the four category scores (0-100) and the lab vitals. */
export interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
  /**
   * The largest paint as it happened in the unthrottled load Lighthouse traced (ms): the simulated
   * figures above are built from that trace, so a busy machine shows here first.
   */
  observedLcp: number;
  /** The element of the largest paint, as Lighthouse names it (its text or tag). */
  lcpElement: string;
  /** Bytes on the wire, as the throttled page loaded them. */
  scriptBytes: number;
  totalBytes: number;
  /** Audits of the accessibility category that failed, by id. */
  failedAccessibility: string[];
}

interface LhAudit {
  score: number | null;
  numericValue?: number;
  scoreDisplayMode?: string;
  details?: { items?: { resourceType?: string; transferSize?: number; observedLargestContentfulPaint?: number }[] };
}
/** The largest paint's element: a table whose first row holds the node (Lighthouse 12). */
interface LhNodeAudit {
  details?: { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] };
}
interface LhResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, LhAudit>;
  runtimeError?: { message: string };
}

function lcpElementOf(lhr: LhResult): string {
  const audit = lhr.audits['largest-contentful-paint-element'] as (LhNodeAudit & LhAudit) | undefined;
  // Not applicable: the element was gone from the page when the run ended (a loading state replaced).
  if (audit?.scoreDisplayMode === 'notApplicable') return 'an element since removed (a loading state)';
  const node = audit?.details?.items?.[0]?.items?.[0]?.node;
  return node?.nodeLabel ?? node?.snippet ?? 'unknown';
}

const score = (lhr: LhResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: LhResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * Runs Lighthouse once against `url` with its default mobile preset (a mid-range phone, simulated
 * slow 4G and 4x CPU slowdown) in the project's Chromium; `cookie` is sent with every request.
 */
export async function runLighthouse(url: string, cookie?: string): Promise<PageRun> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr as unknown as LhResult | undefined;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    // BENCH_WEB_REPORTS=DIR keeps each run's full report, to see where the time goes.
    const reports = process.env.BENCH_WEB_REPORTS;
    if (reports) {
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
      const stamp = Date.now();
      mkdirSync(reports, { recursive: true });
      writeFileSync(join(reports, `${name}-${stamp}.json`), JSON.stringify(lhr));
      // The page load's trace too (Chromium's performance panel opens it): what each long task ran.
      const trace = (result as unknown as { artifacts?: { Trace?: unknown } }).artifacts?.Trace;
      if (trace) writeFileSync(join(reports, `${name}-${stamp}.trace`), JSON.stringify(trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const resources = lhr.audits['resource-summary']?.details?.items ?? [];
    const bytesOf = (type: string) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
    const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => ref.id)
      .filter((id) => {
        const audit = lhr.audits[id];
        return audit?.scoreDisplayMode === 'binary' && audit.score === 0;
      });
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      speedIndex: numeric(lhr, 'speed-index'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      lcpElement: lcpElementOf(lhr),
      observedLcp: lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN,
      scriptBytes: bytesOf('script'),
      totalBytes: bytesOf('total'),
      failedAccessibility,
    };
  } finally {
    chrome.kill();
  }
}
