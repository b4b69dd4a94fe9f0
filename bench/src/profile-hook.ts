/**
 * Preloaded into the server process by profile-push.ts (`--import`): times every query sent through
 * node-postgres and prints one `[query] <ms> <first words>` line per statement on stderr.
 */
import pg from 'pg';

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as QueryFn;

function textOf(arg: unknown): string {
  const text = typeof arg === 'string' ? arg : ((arg as { text?: string } | null)?.text ?? '?');
  return text.replace(/\s+/g, ' ').trim().slice(0, 110);
}

(pg.Client.prototype as unknown as { query: QueryFn }).query = function query(this: pg.Client, ...args: unknown[]) {
  const started = performance.now();
  const done = (failed: boolean) =>
    process.stderr.write(
      `[query] ${(performance.now() - started).toFixed(2)} ${failed ? 'FAILED ' : ''}${textOf(args[0])}\n`,
    );
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (err: unknown, res: unknown) => {
      done(Boolean(err));
      return (callback as (e: unknown, r: unknown) => unknown)(err, res);
    };
    return original.apply(this, args);
  }
  const result = original.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(
      () => done(false),
      () => done(true),
    );
  }
  return result;
};
