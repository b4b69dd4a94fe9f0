import { type BlockOptions, type BlockSpan, isActive, runBlocks, type Sample } from './blocks.ts';

/** Where computeBlocks stands after the last stored sample of a person-integration. */
export interface BlockState {
  /** The block still open after that sample (its last sample is the last active one), or null. */
  open: { start: number; last: number } | null;
}

/**
 * The blocks that computeBlocks would emit from `state` on, for samples that all come after every
 * sample the state was built from. The same state machine as computeBlocks (runBlocks), started mid-stream:
 * computeBlocks(earlier ∪ later) equals the blocks of `earlier` that ended before the state, plus
 * continueBlocks(state of `earlier`, later). The first span starts at state.open.start when a block
 * was open, so it replaces that block.
 */
export function continueBlocks(state: BlockState, later: readonly Sample[], opts: BlockOptions): BlockSpan[] {
  return runBlocks(state.open, later, opts);
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
