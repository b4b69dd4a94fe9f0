import type { AppDeps } from '../../core/context.ts';
import { knownIdentityCache } from '../../pipeline/identity-cache.ts';

/**
 * A write other than the push API's started (a manager ignoring, merging or deleting people, say):
 * presence pushes stop reusing known identities until it ends, then look them up again. Call the
 * returned function once when it ended.
 */
export const identityWriteStarted = (deps: AppDeps): (() => void) =>
  knownIdentityCache(deps.database.pool).writeStarted();
