import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setTimePreferences } from './lib/format-time';

// Times print in 24-hour format whatever the machine's locale (a test may set its own).
setTimePreferences({ timeFormat: '24h', timeZone: null });

afterEach(() => cleanup());
