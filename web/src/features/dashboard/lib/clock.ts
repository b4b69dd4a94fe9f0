import { useSyncExternalStore } from 'react';

/** One shared 1-second ticker for every clock on the page. */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The current time, read through `select` so a component re-renders only when what it shows
 * changes (select must return a primitive: a formatted string, a minute number...).
 */
export function useClock<T extends string | number | boolean>(select: (nowMs: number) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(now),
    () => select(Date.now()),
  );
}
