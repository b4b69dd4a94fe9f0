/**
 * Group commit: concurrent callers hand in items; one `run` call writes a whole batch (one
 * statement, one commit) and each caller gets its own result back. A batch starts `windowMs` after
 * its first item when nothing is being written, or as soon as the batch in flight ends (what
 * arrived meanwhile goes together), and holds at most `maxItems` items and `maxRows` rows; with
 * `startWhileWriting`, it also starts `windowMs` after its first item while others are being
 * written, up to `maxInFlight` batches at once. When a batch fails, its items are written again one
 * by one, so one bad item fails alone; a deadlock or serialization failure is retried first.
 */
export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
  /** Batches and items written so far (for tests and metrics). */
  stats(): { batches: number; items: number };
}

export interface BatcherOptions<I, O> {
  /** Writes the items; answers one result per item, in order. */
  run(items: I[]): Promise<O[]>;
  rows?: (item: I) => number;
  maxItems: number;
  maxRows: number;
  windowMs: number;
  maxInFlight: number;
  /**
   * Whether a batch may start while another is being written. Without it, items that arrive during
   * a write wait for its end and go as one larger batch, so only full batches overlap: best where
   * a statement's cost is mostly per statement. With it, up to `maxInFlight` batches are written at
   * once: best where the cost is mostly per row, and waiting would leave a core idle.
   */
  startWhileWriting?: boolean;
}

const RETRYABLE = new Set(['40P01', '40001']);
const codeOf = (err: unknown) =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code ?? null;

interface Waiting<I, O> {
  item: I;
  rows: number;
  resolve(value: O): void;
  reject(err: unknown): void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let batches = 0;
  let items = 0;

  const attempt = async (batch: I[]): Promise<O[]> => {
    for (let n = 1; ; n++) {
      try {
        const results = await options.run(batch);
        batches++;
        items += batch.length;
        return results;
      } catch (err) {
        const code = codeOf(err);
        if (n >= 3 || !code || !RETRYABLE.has(code)) throw err;
      }
    }
  };

  const write = async (batch: Waiting<I, O>[]) => {
    try {
      const results = await attempt(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        w.resolve(results[i] as O);
      });
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const w of batch) {
        try {
          const [result] = await attempt([w.item]);
          w.resolve(result as O);
        } catch (single) {
          w.reject(single);
        }
      }
    }
  };

  const take = (): Waiting<I, O>[] => {
    const batch: Waiting<I, O>[] = [];
    let rows = 0;
    while (queue.length > 0 && batch.length < options.maxItems) {
      const next = queue[0] as Waiting<I, O>;
      if (batch.length > 0 && rows + next.rows > options.maxRows) break;
      batch.push(next);
      rows += next.rows;
      queue.shift();
    }
    return batch;
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length > 0 && inFlight < options.maxInFlight) {
      const batch = take();
      inFlight++;
      void write(batch).finally(() => {
        inFlight--;
        // What arrived while this batch was written has waited long enough.
        if (queue.length > 0) flush();
      });
    }
  };

  const full = () => {
    let rows = 0;
    for (const w of queue) rows += w.rows;
    return queue.length >= options.maxItems || rows >= options.maxRows;
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, rows: options.rows?.(item) ?? 1, resolve, reject });
        if (inFlight >= options.maxInFlight) return;
        // A full batch goes at once; otherwise it waits for the window, or for the batch in flight.
        const mayStart = inFlight === 0 || options.startWhileWriting === true;
        if (full() || (mayStart && options.windowMs <= 0)) flush();
        else if (mayStart && !timer) timer = setTimeout(flush, options.windowMs);
      });
    },
    stats: () => ({ batches, items }),
  };
}

/**
 * One batcher per owner (a pool or a database handle), made on first use: the process's pushes
 * against one database share its groups.
 */
export function batcherPerOwner<K extends object, I, O>(
  options: (owner: K) => BatcherOptions<I, O>,
): (owner: K) => Batcher<I, O> {
  const batchers = new WeakMap<K, Batcher<I, O>>();
  return (owner) => {
    let batcher = batchers.get(owner);
    if (!batcher) {
      batcher = createBatcher(options(owner));
      batchers.set(owner, batcher);
    }
    return batcher;
  };
}
