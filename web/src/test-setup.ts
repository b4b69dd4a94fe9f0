import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { setTimePreferences } from './lib/format-time';

// Times print in 24-hour format whatever the machine's locale (a test may set its own).
setTimePreferences({ timeFormat: '24h', timeZone: null });

// On a busy CI machine a lazily loaded chunk (the toaster, a dialog) or a long keyboard walk takes
// seconds; the defaults (1 s to find, 5 s a test) fail there on load, not on behaviour.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  // Test files share their worker's modules: a toast left open would be shown again by the next
  // file's first Toaster (sonner replays the open ones to a new one).
  sonnerToast.dismiss();
});
