import type pg from 'pg';
import { WriteWatch } from '../lib/write-watch.ts';
import { type KnownIdentityRow, knownIdentityLookup } from './identity-lookup.ts';

/** How long this process reuses a known identity that a push looked up (docs/decisions.md). */
export const IDENTITY_CACHE_MS = 2_000;
/** Entries kept at most; past it the cache starts empty again. */
const IDENTITY_CACHE_MAX = 100_000;

/**
 * Known identities of presence and events pushes, reused by the same process's next pushes for
 * IDENTITY_CACHE_MS: a team reporting every minute asks for the same people on every push. What a
 * stale entry can do is bounded: the pump reads each person again when it applies the samples (and
 * drops those of people ignored or deleted since), and an events push's statement takes each event's
 * person from the person-integration it locks (and drops those of people ignored or deleted since),
 * so an entry only decides a presence push's answer (accepted or skipped) and whether an identifier
 * counts as known. Ignored people are never kept, so samples of a person no
 * longer ignored are never refused. Writes made through this process's API (other than the push API)
 * empty the cache as they end, and lookups made while one runs keep nothing: a change made here is
 * seen at once; one made by another process within IDENTITY_CACHE_MS.
 */
export class KnownIdentityCache {
  /** By integration, then identifier: a lookup makes no key string (a push looks up 100 at a time). */
  private entries = new Map<string, Map<string, { row: KnownIdentityRow; until: number }>>();
  private size = 0;
  private writes = new WriteWatch(() => this.clear());

  constructor(private readonly lookUp: (integrationId: string, identifiers: string[]) => Promise<KnownIdentityRow[]>) {}

  /** A write started; call the returned function once when it ended (answered or not). */
  writeStarted(): () => void {
    return this.writes.started();
  }

  /** The known identities among `identifiers` of the integration (unknown ones are left out). */
  async find(integrationId: string, identifiers: string[]): Promise<KnownIdentityRow[]> {
    if (!this.writes.idle) return this.lookUp(integrationId, identifiers);
    const now = Date.now();
    const known = this.entries.get(integrationId);
    const rows: KnownIdentityRow[] = [];
    const misses: string[] = [];
    for (const identifier of identifiers) {
      const hit = known?.get(identifier);
      if (hit && hit.until > now) rows.push(hit.row);
      else misses.push(identifier);
    }
    if (misses.length === 0) return rows;
    const mark = this.writes.mark();
    const found = await this.lookUp(integrationId, misses);
    const keep = this.writes.unchangedSince(mark);
    if (keep && this.size + found.length > IDENTITY_CACHE_MAX) this.clear();
    const until = Date.now() + IDENTITY_CACHE_MS;
    let into = keep ? this.entries.get(integrationId) : undefined;
    for (const row of found) {
      rows.push(row);
      if (!keep || row.status === 'ignored') continue;
      if (!into) {
        into = new Map();
        this.entries.set(integrationId, into);
      }
      const before = into.size;
      into.set(row.external_id, { row, until });
      this.size += into.size - before;
    }
    return rows;
  }

  private clear(): void {
    this.entries.clear();
    this.size = 0;
  }
}

const caches = new WeakMap<pg.Pool, KnownIdentityCache>();

/** The cache of this process's pushes to the database behind `pool`, its misses grouped with concurrent pushes. */
export function knownIdentityCache(pool: pg.Pool): KnownIdentityCache {
  let cache = caches.get(pool);
  if (!cache) {
    const lookup = knownIdentityLookup(pool);
    cache = new KnownIdentityCache((integrationId, identifiers) => lookup.submit({ integrationId, identifiers }));
    caches.set(pool, cache);
  }
  return cache;
}
