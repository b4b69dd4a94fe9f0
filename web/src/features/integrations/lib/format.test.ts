import { describe, expect, it } from 'vitest';
import {
  collaboratorsSummary,
  externalCollaborators,
  formatDuration,
  maskApiKey,
  plural,
  statusCodeTone,
  successRate,
  successRateTone,
} from './format';

describe('maskApiKey', () => {
  it('keeps the first 8 and last 4 characters', () => {
    expect(maskApiKey('ovl_abcdefghijklmnopqrstuvwxyz1234')).toBe('ovl_abcd…1234');
  });
  it('hides a key too short to show both ends', () => {
    expect(maskApiKey('abc123456789')).toBe('••••••••••••');
  });
});

describe('formatDuration', () => {
  it('shows durations under a second in ms', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(999)).toBe('999 ms');
  });
  it('shows a second and more in seconds', () => {
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
  });
  it('shows a dash without a duration', () => {
    expect(formatDuration(null)).toBe('—');
  });
});

describe('success rate', () => {
  it('is green from 90%, yellow from 70%, red below', () => {
    expect(successRateTone(100)).toBe('success');
    expect(successRateTone(90)).toBe('success');
    expect(successRateTone(89)).toBe('warning');
    expect(successRateTone(70)).toBe('warning');
    expect(successRateTone(69)).toBe('danger');
  });
  it('is a whole percent, or null without runs', () => {
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(0, 0)).toBeNull();
  });
});

describe('statusCodeTone', () => {
  it('colours by status class', () => {
    expect(statusCodeTone(200)).toBe('success');
    expect(statusCodeTone(302)).toBe('warning');
    expect(statusCodeTone(401)).toBe('danger');
    expect(statusCodeTone(503)).toBe('critical');
  });
});

describe('plural', () => {
  it('picks the noun by count', () => {
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(0, 'person', 'people')).toBe('0 people');
  });
});

describe('collaboratorsSummary', () => {
  it('lists up to 8 names, then counts the rest', () => {
    const externalCollaborators = Array.from({ length: 11 }, (_, i) =>
      i % 2 ? { displayName: `P${i}` } : { emailAddress: `p${i}@x.io` },
    );
    const summary = collaboratorsSummary({ externalCollaborators });
    expect(summary?.names).toHaveLength(8);
    expect(summary?.names[0]).toBe('p0@x.io');
    expect(summary?.names[1]).toBe('P1');
    expect(summary?.more).toBe(3);
  });
  it('is null without collaborators', () => {
    expect(collaboratorsSummary({})).toBeNull();
    expect(collaboratorsSummary({ externalCollaborators: [] })).toBeNull();
  });
});

describe('externalCollaborators', () => {
  it('lists each outsider once with their roles and documents, most documents first', () => {
    const shared = (fileName: string, externalCollaborators: unknown[]) => ({
      metadata: { fileName, externalCollaborators },
    });
    expect(
      externalCollaborators([
        shared('Plan', [
          { emailAddress: 'eve@partner.org', role: 'editor' },
          { displayName: 'Anyone with the link', role: 'viewer' },
        ]),
        shared('Budget', [{ emailAddress: 'Eve@Partner.org', role: 'commenter' }]),
        shared('Plan', [{ emailAddress: 'eve@partner.org', role: 'editor' }]),
        { metadata: { fileName: 'Notes' } },
      ]),
    ).toEqual([
      { key: 'eve@partner.org', label: 'eve@partner.org', roles: ['editor', 'commenter'], documents: 2 },
      { key: 'anyone with the link', label: 'Anyone with the link', roles: ['viewer'], documents: 1 },
    ]);
  });
});
