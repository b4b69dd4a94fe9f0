import { describe, expect, it } from 'vitest';
import {
  addOtherTool,
  canContinue,
  draftFromSaved,
  removeOtherTool,
  type SurveyDraft,
  toggleTool,
} from './survey-form';

const empty: SurveyDraft = { teamName: '', companySize: null, tools: [], otherTools: [], problemStatement: '' };

describe('draftFromSaved', () => {
  it('falls back to the account name when no team name was saved', () => {
    expect(draftFromSaved(undefined, 'Acme')).toEqual({ ...empty, teamName: 'Acme' });
    expect(draftFromSaved({ teamName: '   ' }, 'Acme').teamName).toBe('Acme');
  });

  it('keeps known answers and drops values the page cannot show', () => {
    const draft = draftFromSaved(
      {
        teamName: 'Rocket',
        companySize: '11-20 people',
        tools: ['GitHub', 'Trello', 'Slack'],
        otherTools: ['Linear', ' linear ', ''],
        problemStatement: 'Time zones.',
        completedAt: '2026-01-01T00:00:00.000Z',
      },
      'Acme',
    );
    expect(draft).toEqual({
      teamName: 'Rocket',
      companySize: '11-20 people',
      tools: ['Slack', 'GitHub'],
      otherTools: ['Linear'],
      problemStatement: 'Time zones.',
    });
    expect(draftFromSaved({ companySize: 'lots' }, 'Acme').companySize).toBeNull();
  });
});

describe('canContinue', () => {
  it('needs a trimmed team name of at least 2 characters on step 1', () => {
    expect(canContinue(1, { ...empty, teamName: ' a ' })).toBe(false);
    expect(canContinue(1, { ...empty, teamName: 'ab' })).toBe(true);
  });

  it('needs a team size on step 2 and a tool or another tool on step 3', () => {
    expect(canContinue(2, empty)).toBe(false);
    expect(canContinue(2, { ...empty, companySize: 'Just me' })).toBe(true);
    expect(canContinue(3, empty)).toBe(false);
    expect(canContinue(3, { ...empty, tools: ['Zoom'] })).toBe(true);
    expect(canContinue(3, { ...empty, otherTools: ['Linear'] })).toBe(true);
  });

  it('lets step 4 go on empty', () => {
    expect(canContinue(4, empty)).toBe(true);
  });
});

describe('toggleTool', () => {
  it('adds in list order and removes', () => {
    expect(toggleTool(['GitHub'], 'Slack')).toEqual(['Slack', 'GitHub']);
    expect(toggleTool(['Slack', 'GitHub'], 'Slack')).toEqual(['GitHub']);
  });
});

describe('addOtherTool', () => {
  it('adds a trimmed name', () => {
    expect(addOtherTool(['Linear'], '  Figma ')).toEqual({ ok: true, otherTools: ['Linear', 'Figma'] });
  });

  it('refuses an empty name quietly', () => {
    expect(addOtherTool([], '   ')).toEqual({ ok: false, error: null });
  });

  it('refuses duplicates, ignoring case, and names already in the list', () => {
    expect(addOtherTool(['Linear'], 'linear')).toEqual({ ok: false, error: 'linear is already added.' });
    expect(addOtherTool([], 'slack')).toEqual({ ok: false, error: 'Slack is in the list above; select it there.' });
  });

  it('refuses names over 60 characters and more than 20 tools', () => {
    expect(addOtherTool([], 'x'.repeat(61)).ok).toBe(false);
    const full = Array.from({ length: 20 }, (_, i) => `Tool ${i}`);
    expect(addOtherTool(full, 'One more')).toEqual({ ok: false, error: 'You can add at most 20 other tools.' });
  });
});

describe('removeOtherTool', () => {
  it('removes by name', () => {
    expect(removeOtherTool(['Linear', 'Figma'], 'Linear')).toEqual(['Figma']);
  });
});
