import { describe, expect, it } from 'vitest';
import { describeEventMetadata, eventKindLabel } from './event-details';

describe('event metadata in words', () => {
  it('describes drive edits and collaborators', () => {
    expect(
      describeEventMetadata({
        fileName: 'Roadmap.docx',
        collaboratorCount: 3,
        editorDisplayName: 'Ada',
        editorEmail: 'ada@x.io',
        editorRole: 'writer',
        externalCollaborators: [{ displayName: 'Bob', role: 'reader' }, { emailAddress: 'c@y.io' }, null],
      }),
    ).toEqual([
      'File: Roadmap.docx',
      '3 collaborators',
      'Edited by Ada <ada@x.io> as writer',
      'Shared with Bob (reader), c@y.io',
    ]);
  });

  it('describes commit authors', () => {
    expect(describeEventMetadata({ authorName: 'Lin', authorUsername: 'lin', authorEmail: 'lin@x.io' })).toEqual([
      'Author: Lin (@lin, lin@x.io)',
    ]);
    expect(describeEventMetadata({ authorEmail: 'lin@x.io' })).toEqual(['Author: lin@x.io']);
    expect(describeEventMetadata({ collaboratorCount: 1 })).toEqual(['1 collaborator']);
    expect(describeEventMetadata(undefined)).toEqual([]);
  });

  it('names kinds', () => {
    expect(eventKindLabel('git_commit')).toBe('Commit');
    expect(eventKindLabel('pull_request_merged')).toBe('Pull request merged');
  });
});
