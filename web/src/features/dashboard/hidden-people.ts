import { useCallback, useSyncExternalStore } from 'react';

/** The one local-storage key holding the ids of people hidden from the timeline. */
export const HIDDEN_PEOPLE_KEY = 'overlap.hiddenPeople';
/** Fired on window in this tab whenever the hidden list changes. */
export const HIDDEN_PEOPLE_EVENT = 'overlap:hidden-people-change';
const CHANNEL = 'overlap-hidden-people';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The hidden ids; an unreadable or malformed value counts as none. */
export function readHiddenPeople(): string[] {
  try {
    const raw = storage()?.getItem(HIDDEN_PEOPLE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? [...new Set(parsed.filter((v): v is string => typeof v === 'string'))] : [];
  } catch {
    return [];
  }
}

let channel: BroadcastChannel | null | undefined;
function broadcastChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    channel?.addEventListener('message', () => notify());
  }
  return channel;
}

function notify() {
  cache = null;
  globalThis.dispatchEvent?.(new Event(HIDDEN_PEOPLE_EVENT));
}

/** Stores the hidden ids and tells this tab (event) and the others (storage event + BroadcastChannel). */
function writeHiddenPeople(ids: readonly string[]): void {
  const unique = [...new Set(ids)];
  try {
    if (unique.length) storage()?.setItem(HIDDEN_PEOPLE_KEY, JSON.stringify(unique));
    else storage()?.removeItem(HIDDEN_PEOPLE_KEY);
  } catch {
    /* blocked storage: the change lives for this page view only */
  }
  notify();
  broadcastChannel()?.postMessage({ type: 'change' });
}

export const hidePerson = (id: string) => writeHiddenPeople([...readHiddenPeople(), id]);
export const unhidePerson = (id: string) => writeHiddenPeople(readHiddenPeople().filter((x) => x !== id));

let cache: { raw: string | null; ids: string[] } | null = null;
function snapshot(): string[] {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(HIDDEN_PEOPLE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (!cache || cache.raw !== raw) cache = { raw, ids: readHiddenPeople() };
  return cache.ids;
}

function subscribe(onChange: () => void): () => void {
  broadcastChannel();
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === HIDDEN_PEOPLE_KEY) onChange();
  };
  globalThis.addEventListener('storage', onStorage);
  globalThis.addEventListener(HIDDEN_PEOPLE_EVENT, onChange);
  return () => {
    globalThis.removeEventListener('storage', onStorage);
    globalThis.removeEventListener(HIDDEN_PEOPLE_EVENT, onChange);
  };
}

const EMPTY: string[] = [];

/** The hidden ids, live across tabs, with hide/unhide actions. */
export function useHiddenPeople() {
  const hidden = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  return {
    hidden,
    isHidden: useCallback((id: string) => hidden.includes(id), [hidden]),
    hide: hidePerson,
    unhide: unhidePerson,
  };
}
