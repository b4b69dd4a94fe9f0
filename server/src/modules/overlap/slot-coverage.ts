import type { Span } from './spans.ts';

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

  /**
   * Adds the spans' time to the slots from `fromSlot` on, in the spans' order (so each slot's sum
   * is made in the order reading that slot's spans one by one would make it).
   */
  add(spans: readonly (Span & { confidence?: number })[], fromSlot = 0): void {
    const { windowStart, slotMs, covered, weighted } = this;
    const first = windowStart + fromSlot * slotMs;
    for (const s of spans) {
      const a = Math.max(s.start, first);
      const b = Math.min(s.end, this.windowEnd);
      if (b <= a) continue;
      const confidence = s.confidence ?? 0;
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
