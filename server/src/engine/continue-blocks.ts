import {
  type BlockOptions,
  type BlockSpan,
  CADENCE_GAPS,
  isActive,
  type RunState,
  runBlocks,
  type Sample,
} from './blocks.ts';

/** Where computeBlocks stands after the last stored sample of a person-integration. */
export type BlockState = RunState;

/** How many of the newest stored samples stateAfter needs. */
export const STATE_SAMPLES = CADENCE_GAPS + 1;

/**
 * The blocks that computeBlocks would emit from `state` on, for samples that all come after every
 * sample the state was built from. The same state machine as computeBlocks (runBlocks), started mid-stream:
 * computeBlocks(earlier ∪ later) equals the blocks of `earlier` that ended before the state, plus
 * continueBlocks(state of `earlier`, later). The first span starts at state.open.start when a block
 * was open, so it replaces that block.
 */
export function continueBlocks(state: BlockState, later: readonly Sample[], opts: BlockOptions): BlockSpan[] {
  return runBlocks(state, later, opts);
}

/**
 * The state after the stored samples, from the newest stored sample, the newest block and the times
 * of the newest stored samples (ascending, up to STATE_SAMPLES, ending at the newest: their gaps
 * give the pace), or null when these don't agree (then only a full recompute is safe).
 */
export function stateAfter(
  newest: Sample | null,
  latestBlock: { start: number; lastSampleAt: number } | null,
  recentTimes: readonly number[],
): BlockState | null {
  const recent = recentTimes.slice(-STATE_SAMPLES);
  if (!newest) return latestBlock || recent.length > 0 ? null : { open: null, recent };
  if (recent[recent.length - 1] !== newest.at) return null;
  if (isActive(newest.status)) {
    if (!latestBlock || latestBlock.lastSampleAt !== newest.at) return null;
    return { open: { start: latestBlock.start, last: newest.at }, recent };
  }
  if (latestBlock && latestBlock.lastSampleAt >= newest.at) return null;
  return { open: null, recent };
}
