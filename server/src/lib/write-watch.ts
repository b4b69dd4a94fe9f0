/**
 * The writes in progress in this process, for a cache that must not keep what a write may be
 * changing: while one runs, lookups go to the database and keep nothing; when one ends, `onEnd`
 * empties the cache; and a lookup that saw a write start or end while it ran keeps nothing either
 * (compare `mark()` before it with `unchangedSince` after).
 */
export class WriteWatch {
  private writes = 0;
  /** Moves on at every write's start and end. */
  private generation = 0;

  constructor(private readonly onEnd: () => void) {}

  /** A write started; call the returned function once when it ended (answered or not). */
  started(): () => void {
    this.writes++;
    this.generation++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.writes--;
      this.generation++;
      this.onEnd();
    };
  }

  /** No write is in progress: a lookup may use and fill the cache. */
  get idle(): boolean {
    return this.writes === 0;
  }

  mark(): number {
    return this.generation;
  }

  /** No write started or ended since `mark`: what a lookup found since then may be kept. */
  unchangedSince(mark: number): boolean {
    return this.generation === mark;
  }
}
