import type { PredictedSpan } from './spans.ts';

/** Spans in start order: the list itself when it already is (as the database sends them), else a sorted copy. */
function byStart<T extends { start: number }>(spans: readonly T[]): readonly T[] {
  for (let i = 1; i < spans.length; i++)
    if ((spans[i] as T).start < (spans[i - 1] as T).start) return [...spans].sort((a, b) => a.start - b.start);
  return spans;
}

/**
 * How much of each half-hour slot of a window one person's spans cover (and that time weighted by
 * the spans' confidence), reused person after person: only the slots a person's spans touch are
 * read and cleared, so a person costs their spans, not the window's 672 slots.
 */
export class SlotCoverage {
  readonly covered: Float64Array;
  readonly weighted: Float64Array;
  private readonly touchedSlots: Int32Array;
  private touchedCount = 0;

  constructor(
    private readonly windowStart: number,
    private readonly windowEnd: number,
    private readonly slotMs: number,
    slots: number,
  ) {
    this.covered = new Float64Array(slots);
    this.weighted = new Float64Array(slots);
    this.touchedSlots = new Int32Array(slots);
  }

  /** Adds [a, b) (clipped to the window and to slots from `fromSlot` on), weighted by `confidence`. */
  private add(a0: number, b0: number, confidence: number, fromSlot: number): void {
    const { windowStart, slotMs, covered, weighted } = this;
    const a = Math.max(a0, windowStart + fromSlot * slotMs);
    const b = Math.min(b0, this.windowEnd);
    if (b <= a) return;
    for (let k = Math.floor((a - windowStart) / slotMs); k < covered.length; k++) {
      const start = windowStart + k * slotMs;
      if (start >= b) break;
      const overlap = Math.min(b, start + slotMs) - Math.max(a, start);
      if (overlap <= 0) continue;
      if (covered[k] === 0) this.touchedSlots[this.touchedCount++] = k;
      covered[k] = (covered[k] as number) + overlap;
      weighted[k] = (weighted[k] as number) + overlap * confidence;
    }
  }

  /**
   * Adds the time covered by any of the blocks, ended at `until` (an ongoing one, end null,
   * included), counting time covered by several blocks once (blocks of several integrations), to
   * the slots from `fromSlot` on.
   */
  addUnion(blocks: readonly { start: number; end: number | null }[], until: number, fromSlot = 0): void {
    let from = 0;
    let to = Number.NEGATIVE_INFINITY;
    for (const block of byStart(blocks)) {
      const end = Math.min(block.end ?? until, until);
      if (end <= block.start) continue;
      if (block.start <= to) {
        to = Math.max(to, end);
        continue;
      }
      if (to > from) this.add(from, to, 1, fromSlot);
      from = block.start;
      to = end;
    }
    if (to > from) this.add(from, to, 1, fromSlot);
  }

  /**
   * Adds each prediction's time, and that time times its confidence, to the slots from `fromSlot`
   * on, in start order (so each slot's sums are made in the order reading its predictions would).
   */
  addPredicted(predictions: readonly PredictedSpan[], fromSlot: number): void {
    for (const p of byStart(predictions)) this.add(p.start, p.end, p.confidence, fromSlot);
  }

  /** The slots touched since the last clear, in time order. */
  touched(): Int32Array {
    return this.touchedSlots.subarray(0, this.touchedCount).sort();
  }

  clear(): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const k = this.touchedSlots[i] as number;
      this.covered[k] = 0;
      this.weighted[k] = 0;
    }
    this.touchedCount = 0;
  }
}
