import { type BlockOptions, type BlockSpan, isActive, normaliseSamples, type Sample } from './blocks.ts';

/** Where computeBlocks stands after the last stored sample of a person-integration. */
export interface BlockState {
  /** The block still open after that sample (its last sample is the last active one), or null. */
  open: { start: number; last: number } | null;
}

/**
 * The blocks that computeBlocks would emit from `state` on, for samples that all come after every
 * sample the state was built from. The same state machine as computeBlocks, started mid-stream:
 * computeBlocks(earlier ∪ later) equals the blocks of `earlier` that ended before the state, plus
 * continueBlocks(state of `earlier`, later). The first span starts at state.open.start when a block
 * was open, so it replaces that block.
 */
export function continueBlocks(state: BlockState, later: readonly Sample[], opts: BlockOptions): BlockSpan[] {
  const reach = opts.stepMs + opts.graceMs;
  const blocks: BlockSpan[] = [];
  let open = state.open ? { ...state.open } : null;
  const closeSilent = (o: { start: number; last: number }) =>
    blocks.push({ start: o.start, end: o.last + opts.stepMs, lastSampleAt: o.last });

  for (const s of normaliseSamples(later)) {
    if (open && s.at - open.last > reach) {
      closeSilent(open);
      open = null;
    }
    if (isActive(s.status)) {
      if (open) open.last = s.at;
      else open = { start: s.at, last: s.at };
    } else if (open) {
      blocks.push({ start: open.start, end: s.at, lastSampleAt: open.last });
      open = null;
    }
  }
  if (open) {
    if (opts.now - open.last <= reach) blocks.push({ start: open.start, end: null, lastSampleAt: open.last });
    else closeSilent(open);
  }
  return blocks;
}

/**
 * The state after the stored samples, from the newest stored sample and the newest block, or null
 * when the two don't agree (then only a full recompute is safe).
 */
export function stateAfter(
  newest: Sample | null,
  latestBlock: { start: number; lastSampleAt: number } | null,
): BlockState | null {
  if (!newest) return latestBlock ? null : { open: null };
  if (isActive(newest.status)) {
    if (!latestBlock || latestBlock.lastSampleAt !== newest.at) return null;
    return { open: { start: latestBlock.start, last: newest.at } };
  }
  if (latestBlock && latestBlock.lastSampleAt >= newest.at) return null;
  return { open: null };
}
