import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toast as sonnerToast } from 'sonner';
import { useTheme } from '../lib/theme';

type SonnerToast = typeof sonnerToast;

/**
 * sonner loads with the first toast, not with the page: until then `toast` only remembers that
 * the toaster is wanted, and sonner shows the toasts raised while it loaded once it subscribes.
 */
let wanted = false;
const listeners = new Set<() => void>();
const loadSonner = () => import('sonner');

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function later<K extends 'success' | 'error' | 'warning' | 'info' | 'message'>(kind: K) {
  return (...args: Parameters<SonnerToast[K]>): void => {
    want();
    void loadSonner().then(({ toast }) => (toast[kind] as (...a: Parameters<SonnerToast[K]>) => unknown)(...args));
  };
}

/** `toast('Saved')`, `toast.success(...)`, `toast.error(...)`, `toast.warning(...)`: shown by the Toaster. */
export const toast = Object.assign(
  (...args: Parameters<SonnerToast>): void => {
    want();
    void loadSonner().then((m) => m.toast(...args));
  },
  {
    success: later('success'),
    error: later('error'),
    warning: later('warning'),
    info: later('info'),
    message: later('message'),
  },
);

const Sonner = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Mounted once in the app providers; draws nothing (and loads nothing) until the first toast. */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return active ? <LoadedToaster /> : null;
}

function LoadedToaster() {
  const { resolved } = useTheme();
  return (
    <Suspense fallback={null}>
      <Sonner
        theme={resolved}
        position="bottom-right"
        closeButton
        toastOptions={{
          classNames: {
            toast: '!rounded-lg !border-line !bg-surface !text-fg !shadow-lg !font-sans',
            description: '!text-muted',
          },
        }}
      />
    </Suspense>
  );
}
